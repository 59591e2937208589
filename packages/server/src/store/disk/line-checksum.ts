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

/** The bytes of {@link MEMBER}, and the hex digits. */
const MEMBER_BYTES = Buffer.from(MEMBER, 'latin1');
const HEX_DIGITS = Buffer.from('0123456789abcdef', 'latin1');

/**
 * The most bytes {@link sealObjectInto} writes for `json` and `lead` (UTF-8 takes at most 3
 * bytes per UTF-16 code unit).
 */
export function sealedBytesAtMost(json: string, lead = ''): number {
  return (lead.length + json.length) * 3 + MEMBER_LENGTH;
}

/**
 * {@link sealObject} written as UTF-8 straight into `buffer` at `at` (which has room for
 * {@link sealedBytesAtMost}): the text is encoded once, and the checksum is taken of the bytes
 * written, not of a second encoding. Returns where the sealed object ends.
 */
export function sealObjectInto(buffer: Buffer, at: number, json: string, lead = ''): number {
  const start = at;
  if (lead !== '') at += buffer.write(lead, at);
  // Without the closing brace (one byte), then the comma the checksum covers.
  at += buffer.write(json, at) - 1;
  buffer[at++] = 0x2c;
  const crc = crc32(buffer.subarray(start, at));
  at += MEMBER_BYTES.copy(buffer, at);
  for (let shift = 28; shift >= 0; shift -= 4) buffer[at++] = HEX_DIGITS[(crc >>> shift) & 15] as number;
  buffer[at++] = 0x22;
  buffer[at++] = 0x7d;
  return at;
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

/** The tail of a snapshot's header line, after its checksum member. */
export const HEADER_TAIL = ',"collections":{';

/**
 * Checks the line `buffer[start, end)` (without its newline). A sealed line ends with its
 * checksum member and then `}`, `},` or the header's `,"collections":{`. Returns where the
 * member starts when the checksum matches (the checked bytes end there), {@link UNSEALED} (-1)
 * when the line has no member, {@link DAMAGED} (-2) when it does not match. With `crc` null,
 * only the member's shape is checked (its checksum is then checked elsewhere, in a worker).
 *
 * Self-contained, with its constants inline: its source also runs in the worker of
 * `workerLineChunks` (line-chunks.ts).
 */
export function checkLineWith(
  crc: ((data: Uint8Array) => number) | null,
  buffer: Uint8Array,
  start: number,
  end: number,
): number {
  const last = buffer[end - 1];
  let tail = 0;
  if (last === 0x7d /* } */) tail = 1;
  else if (last === 0x2c /* , */ && buffer[end - 2] === 0x7d) tail = 2;
  else if (last === 0x7b /* { */ && end - start > 16) {
    // `,"collections":{`
    const header = [0x2c, 0x22, 0x63, 0x6f, 0x6c, 0x6c, 0x65, 0x63, 0x74, 0x69, 0x6f, 0x6e, 0x73, 0x22, 0x3a, 0x7b];
    tail = 16;
    for (let i = 0; i < 16; i += 1) if (buffer[end - 16 + i] !== header[i]) tail = 0;
  }
  if (tail === 0) return -1;
  // `"~crc":"` + 8 hex digits + `"`: 17 bytes before the tail.
  const closing = end - tail - 1;
  const memberStart = closing - 16;
  if (memberStart < start || buffer[closing] !== 0x22) return -1;
  const member = [0x22, 0x7e, 0x63, 0x72, 0x63, 0x22, 0x3a, 0x22];
  for (let i = 0; i < 8; i += 1) if (buffer[memberStart + i] !== member[i]) return -1;
  let stored = 0;
  for (let i = memberStart + 8; i < closing; i += 1) {
    const c = buffer[i] as number;
    const digit = c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x61 && c <= 0x66 ? c - 0x57 : -1;
    if (digit < 0) return -2;
    stored = stored * 16 + digit;
  }
  if (crc === null) return memberStart;
  return crc(buffer.subarray(start, memberStart)) === stored ? memberStart : -2;
}

/** {@link checkLineWith} with node:zlib's CRC-32. */
export function checkLine(buffer: Buffer, start: number, end: number): number {
  return checkLineWith(crc32, buffer, start, end);
}
