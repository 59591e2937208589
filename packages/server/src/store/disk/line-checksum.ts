import { crc32 } from 'node:zlib';

/**
 * The checksum of every line the store writes (journal records, and the header, records and
 * user rows of a snapshot): the CRC-32 of the line's bytes before a `"~crc":"xxxxxxxx"`
 * member, written as 8 lowercase hex digits. The line stays JSON, and the checksum is part of
 * the object it closes:
 *
 *     {"seq":2,"ops":[["put","messages",{"id":7,"content":"hello world"}]],"~crc":"5a0c6d2e"}
 *
 * CRC-32 (node:zlib's, native and vectorised; no dependency) detects every burst of up to 32
 * damaged bits and all but 1 in 4 billion other damage, as the CRC32C of PostgreSQL's WAL does;
 * a CRC32C in JavaScript measured twice its cost on the start-up of a large store.
 */
export const CHECKSUM_KEY = '~crc';

/** `"~crc":"`: where the checksum member starts (its first byte is what the checksum stops before). */
const MEMBER = `"${CHECKSUM_KEY}":"`;
const MEMBER_BYTES = Buffer.from(MEMBER, 'latin1');
/** `"~crc":"xxxxxxxx"`. */
export const MEMBER_LENGTH = MEMBER.length + 9;

/** The CRC-32 of `data` (a string is taken as UTF-8), as 8 hex digits. */
function hex(data: string | Uint8Array): string {
  return crc32(data).toString(16).padStart(8, '0');
}

/**
 * `json` (a JSON object `{…}` with at least one member) with its checksum as a last member: `{…,"~crc":"xxxxxxxx"}`. The
 * checksum covers everything before the member, the comma included, and `lead` (text before
 * the object on the same line: a user's key in a snapshot's rows).
 */
export function sealObject(json: string, lead = ''): string {
  // Never `{}`: records have an `id`, journal entries a `seq`.
  const covered = `${lead}${json.slice(0, -1)},`;
  return `${covered}${MEMBER}${hex(covered)}"}`;
}

/**
 * `prefix` (text that ends where the checksum member goes, after a comma or an opening brace)
 * followed by the member and `tail`: how a snapshot's header line is sealed.
 */
export function sealPrefix(prefix: string, tail: string): string {
  return `${prefix}${MEMBER}${hex(prefix)}"${tail}`;
}

/** {@link checkLine}: the line has no checksum member (an older format, or a structural line). */
export const UNSEALED = -1;
/** {@link checkLine}: the line has a checksum member that does not match its bytes: it is damaged. */
export const DAMAGED = -2;

const HEX_DIGITS = new Uint8Array(256).fill(255);
for (let i = 0; i < 16; i += 1) HEX_DIGITS['0123456789abcdef'.charCodeAt(i)] = i;

/** The tail of a snapshot's header line, after its checksum member. */
export const HEADER_TAIL = ',"collections":{';
const HEADER_TAIL_BYTES = Buffer.from(HEADER_TAIL, 'latin1');

/** Whether `buffer[end - bytes.length, end)` is `bytes`. */
function endsWith(buffer: Buffer, start: number, end: number, bytes: Buffer): boolean {
  if (end - start < bytes.length) return false;
  for (let i = 0; i < bytes.length; i += 1) if (buffer[end - bytes.length + i] !== bytes[i]) return false;
  return true;
}

/**
 * Checks the line `buffer[start, end)` (without its newline). A sealed line ends with its
 * checksum member and then `}`, `},` or the header's `,"collections":{`. Returns where the
 * member starts when the checksum matches (the checked bytes end there), {@link UNSEALED} when
 * the line has no member, {@link DAMAGED} when it does not match.
 */
export function checkLine(buffer: Buffer, start: number, end: number): number {
  const last = buffer[end - 1];
  const tail = last === 0x7d /* } */ ? 1 : last === 0x2c /* , */ && buffer[end - 2] === 0x7d ? 2 : endsWith(buffer, start, end, HEADER_TAIL_BYTES) ? HEADER_TAIL_BYTES.length : 0;
  if (tail === 0) return UNSEALED;
  const closing = end - tail - 1;
  const memberStart = closing - MEMBER_LENGTH + 1;
  if (memberStart < start || buffer[closing] !== 0x22 /* " */) return UNSEALED;
  for (let i = 0; i < MEMBER_BYTES.length; i += 1) if (buffer[memberStart + i] !== MEMBER_BYTES[i]) return UNSEALED;
  let stored = 0;
  for (let i = memberStart + MEMBER_BYTES.length; i < closing; i += 1) {
    const digit = HEX_DIGITS[buffer[i] as number] as number;
    if (digit === 255) return DAMAGED;
    stored = stored * 16 + digit;
  }
  return crc32(buffer.subarray(start, memberStart)) === stored ? memberStart : DAMAGED;
}
