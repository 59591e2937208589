import type { CustomProfileFieldRecord } from '../model/records/realm.js';
import type { UserRecord } from '../model/records/users.js';
import type { UserTopicRecord } from '../model/records/channels.js';
import type { FixtureTime } from './fixture-schema.js';

/** Role names of the fixture format and the stored role values. */
export const ROLE_VALUES = {
  owner: 100,
  administrator: 200,
  moderator: 300,
  member: 400,
  guest: 600,
} as const satisfies Record<string, UserRecord['role']>;
/** Bot type names and their stored values. */
export const BOT_TYPE_VALUES = {
  generic: 1,
  incoming_webhook: 2,
  outgoing_webhook: 3,
  embedded: 4,
} as const satisfies Record<string, NonNullable<UserRecord['bot_type']>>;
/** Custom profile field type names and their stored values. */
export const FIELD_TYPE_VALUES = {
  short_text: 1,
  long_text: 2,
  select: 3,
  date: 4,
  url: 5,
  user: 6,
  external_account: 7,
  pronouns: 8,
} as const satisfies Record<string, CustomProfileFieldRecord['type']>;
/** Topic visibility policy names and their stored values. */
export const VISIBILITY_VALUES = { inherit: 0, muted: 1, unmuted: 2, followed: 3 } as const satisfies Record<
  string,
  UserTopicRecord['visibility_policy']
>;

/** The name of `value` in one of the tables above. */
export function nameOf<T extends Record<string, number>>(table: T, value: number): keyof T & string {
  const entry = Object.entries(table).find(([, v]) => v === value);
  if (!entry) throw new Error(`[teamchat-server] no name for the stored value ${value}`);
  return entry[0];
}

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;

/** A fixture time in milliseconds since the epoch; relative times count back from `nowMs`. */
export function timeOf(time: FixtureTime, nowMs: number): number {
  if (typeof time === 'number') return time * 1000;
  if (time === 'now') return nowMs;
  const relative = /^-(\d+(?:\.\d+)?)([smhdw])$/.exec(time);
  if (relative) return nowMs - Number(relative[1]) * UNIT_MS[relative[2] as keyof typeof UNIT_MS];
  return Date.parse(time);
}

/** A stored time as a fixture time: ISO 8601 in UTC, with milliseconds when it has them. */
export function isoTime(ms: number): string {
  const iso = new Date(ms).toISOString();
  return iso.endsWith('.000Z') ? `${iso.slice(0, -5)}Z` : iso;
}

/** The `field_data` of a select field with these options, as the real server stores them. */
export function selectFieldData(options: readonly string[]): string {
  return JSON.stringify(Object.fromEntries(options.map((text, i) => [String(i), { text, order: String(i + 1) }])));
}

/** The options of a select field's `field_data`, when they are in the form {@link selectFieldData} writes. */
export function selectOptions(fieldData: string): string[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fieldData);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const options = Object.values(parsed as Record<string, { text?: unknown }>).map((option) => option.text);
  if (!options.every((text): text is string => typeof text === 'string')) return null;
  return selectFieldData(options) === fieldData ? options : null;
}
