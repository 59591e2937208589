import { ApiError } from '@teamchat/schema';
import type { Context } from '../runtime/context.js';
import type { CustomProfileFieldRecord } from '../model/records/realm.js';

/** Longest value of the short text-like fields (short text, external account, pronouns). */
const SHORT_LIMIT = 50;
/** Longest value of long text fields. */
const LONG_LIMIT = 500;
const URL_SCHEMES = new Set(['http:', 'https:', 'ftp:', 'ftps:']);

function invalid(msg: string): ApiError {
  return new ApiError('BAD_REQUEST', msg);
}

function checkString(name: string, value: unknown): string {
  if (typeof value !== 'string') throw invalid(`${name} is not a string`);
  return value;
}

function checkCapped(name: string, value: unknown, limit: number): string {
  const text = checkString(name, value);
  if ([...text].length > limit) throw invalid(`${name} is too long (limit: ${limit} characters)`);
  return text;
}

/** A calendar date written `YYYY-MM-DD`, zero-padded, as Python's `strptime` round trip demands. */
export function isIsoDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A URL the way Django's URLValidator accepts one: http(s)/ftp(s) with a real host name. */
export function isLinkUrl(text: string): boolean {
  if (/\s/.test(text)) return false;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (!URL_SCHEMES.has(url.protocol)) return false;
  const host = url.hostname;
  return (
    host === 'localhost' ||
    /^\d{1,3}(\.\d{1,3}){3}$/.test(host) ||
    host.startsWith('[') ||
    /^([a-z0-9-]+\.)+[a-z][a-z0-9-]{1,62}\.?$/i.test(host)
  );
}

function checkUserIds(ctx: Pick<Context, 'db'>, value: unknown): string {
  if (!Array.isArray(value)) throw invalid('User IDs is not a list');
  value.forEach((id, index) => {
    if (typeof id !== 'number' || !Number.isInteger(id)) throw invalid(`User IDs[${index}] is not an integer`);
  });
  for (const id of value as number[]) {
    const user = ctx.db.get('users', id);
    if (!user) throw invalid(`Invalid user ID: ${id}`);
    if (!user.is_active) throw invalid(`User with ID ${id} is deactivated`);
    if (user.is_bot) throw invalid(`User with ID ${id} is a bot`);
  }
  return JSON.stringify(value);
}

function checkChoice(field: CustomProfileFieldRecord, value: unknown): string {
  const key = checkString(field.name, value);
  let choices: Record<string, unknown> = {};
  try {
    choices = JSON.parse(field.field_data) as Record<string, unknown>;
  } catch {
    // A field without options admits no value.
  }
  if (!Object.hasOwn(choices, key)) throw invalid(`'${key}' is not a valid choice for '${field.name}'.`);
  return key;
}

/**
 * Validates a non-empty value of `field` with the real server's rules and messages (the field
 * name stands for the parameter), and returns it as stored: a string, the JSON text of a user
 * ID list for person fields (`"[11,12]"`).
 *
 * - short text, external account, pronouns: a string of at most 50 characters;
 * - long text: at most 500 characters;
 * - list of options: a key of the field's `field_data`;
 * - date: `YYYY-MM-DD`; link: an http(s)/ftp(s) URL;
 * - person picker: a list of IDs of active, non-bot users.
 *
 * @throws {ApiError} `BAD_REQUEST` naming the field.
 * @see https://zulip.com/api/get-custom-profile-fields
 */
export function checkProfileFieldValue(
  ctx: Pick<Context, 'db'>,
  field: CustomProfileFieldRecord,
  value: unknown,
): string {
  switch (field.type) {
    case 1:
    case 7:
    case 8:
      return checkCapped(field.name, value, SHORT_LIMIT);
    case 2:
      return checkCapped(field.name, value, LONG_LIMIT);
    case 3:
      return checkChoice(field, value);
    case 4: {
      const text = checkString(field.name, value);
      if (!isIsoDate(text)) throw invalid(`${field.name} is not a date`);
      return text;
    }
    case 5: {
      const text = checkString(field.name, value);
      if (!isLinkUrl(text)) throw invalid(`${field.name} is not a URL`);
      return text;
    }
    case 6:
      return checkUserIds(ctx, value);
  }
}
