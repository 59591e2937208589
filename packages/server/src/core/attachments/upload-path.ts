import type { RandomBytes } from '../internal/random.js';

/** Most file systems allow 255 bytes per path component; the sanitized name is the last one. */
const MAX_FILE_NAME_BYTES = 255;

/** Python's `os.path.splitext`: the last `.suffix`, unless only dots precede it. */
function splitExtension(name: string): [stem: string, extension: string] {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || /^\.+$/.test(name.slice(0, dot))) return [name, ''];
  return [name.slice(0, dot), name.slice(dot)];
}

/** The longest prefix of `text` within `maxBytes` UTF-8 bytes (never half a character). */
function utf8Prefix(text: string, maxBytes: number): string {
  const bytes = new TextEncoder().encode(text);
  if (bytes.length <= maxBytes) return text;
  let end = maxBytes;
  // Back off over continuation bytes (10xxxxxx) to the start of the cut character.
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return new TextDecoder().decode(bytes.subarray(0, end));
}

/**
 * A name cut to `maxBytes` UTF-8 bytes, keeping its extension when that leaves room for the
 * rest, as the real server's `truncate_file_name`.
 */
export function truncateFileName(name: string, maxBytes: number): string {
  const size = (text: string) => new TextEncoder().encode(text).length;
  if (size(name) <= maxBytes) return name;
  let [stem, extension] = splitExtension(name);
  if (size(extension) >= maxBytes) [stem, extension] = [name, ''];
  return utf8Prefix(stem, maxBytes - size(extension)) + extension;
}

/**
 * A file name made safe for a path and a URL, as the real server's `sanitize_name`:
 * letters, digits, `_`, `.` and `-` are kept, spaces and dash runs become one `-`, the
 * result is cut to 255 UTF-8 bytes (after normalization, which can lengthen it), and a name
 * left empty (or `.`/`..`) becomes `uploaded-file`.
 */
export function sanitizeFileName(name: string): string {
  let value = name.normalize('NFKC');
  value = value.replace(/[^\p{L}\p{M}\p{N}_\s.-]/gu, '').trim();
  value = value.replace(/[-\s]+/gu, '-');
  value = truncateFileName(value, MAX_FILE_NAME_BYTES);
  return value === '' || value === '.' || value === '..' ? 'uploaded-file' : value;
}

/**
 * The path ID named by the URL-encoded part of a `/user_uploads/<path_id>` link, or
 * `undefined` when it is not valid percent-encoding (it then names no upload).
 */
export function decodePathId(encoded: string): string | undefined {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * A new `path_id`: `<realm_id>/<2 hex digits>/<24 random characters>/<sanitized name>`; the
 * file's URL is `/user_uploads/<path_id>`.
 */
export function newPathId(realmId: number, fileName: string, random: RandomBytes): string {
  const bytes = random(19);
  const bucket = ((bytes[0] ?? 0) & 0xff).toString(16).padStart(2, '0');
  return `${realmId}/${bucket}/${base64Url(bytes.subarray(1))}/${sanitizeFileName(fileName)}`;
}
