import { OLDEST_STORE_FORMAT, STORE_FORMAT, type StoreDocument } from '../types.js';

/** Anything that is a plain JSON object (not an array, not null). */
function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks that a parsed data file has the shape of a {@link StoreDocument} of the format this code
 * reads, and returns it typed. Throws an error naming `file` and the first problem found.
 */
export function checkDocument(value: unknown, file: string): StoreDocument {
  const refuse = (problem: string, advice = 'fix or move the file away') =>
    new Error(`[teamchat-server] ${file} ${problem}; ${advice} — it was not modified`);
  const shape = 'expected a JSON object with format, seq, counters and collections';

  if (!isObject(value)) throw refuse(`is not a teamchat data file (${shape})`);
  if (typeof value.format !== 'number') throw refuse(`is not a teamchat data file (no numeric "format"; ${shape})`);
  if (value.format < OLDEST_STORE_FORMAT || value.format > STORE_FORMAT) {
    throw refuse(
      `has data format ${value.format}, but this teamchat-server reads formats ${OLDEST_STORE_FORMAT} to ${STORE_FORMAT}`,
      'use a teamchat-server version that reads it, or move the file away',
    );
  }
  if (typeof value.seq !== 'number' || !Number.isInteger(value.seq) || value.seq < 0) {
    throw refuse('has an invalid "seq" (expected a non-negative integer)');
  }
  const { counters, collections } = value;
  if (!isObject(counters)) throw refuse('has an invalid "counters" (expected an object of numbers)');
  for (const [name, counter] of Object.entries(counters)) {
    if (typeof counter !== 'number') throw refuse(`has an invalid counters.${name} (expected a number)`);
  }
  if (!isObject(collections)) throw refuse('has an invalid "collections" (expected an object of arrays)');
  for (const [name, records] of Object.entries(collections)) {
    if (!Array.isArray(records)) throw refuse(`has an invalid collections.${name} (expected an array of records)`);
    for (let i = 0; i < records.length; i += 1) {
      const record: unknown = records[i];
      const id = isObject(record) ? record.id : undefined;
      if (typeof id !== 'number' && typeof id !== 'string') {
        throw refuse(
          `has an invalid record collections.${name}[${i}] (expected an object with a numeric or string "id")`,
        );
      }
    }
  }
  const rows = value.user_messages;
  if (rows !== undefined) {
    if (!isObject(rows)) throw refuse('has an invalid "user_messages" (expected an object of user IDs)');
    for (const [userId, runs] of Object.entries(rows)) {
      if (!isObject(runs) || !Array.isArray(runs.ids) || !Array.isArray(runs.bits)) {
        throw refuse(`has an invalid user_messages.${userId} (expected { ids: [...], bits: [...] })`);
      }
    }
  }
  return value as unknown as StoreDocument;
}
