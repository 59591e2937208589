import type { RandomBytes } from '../auth/passwords.js';

/**
 * A file name made safe for a path and a URL, as the real server's `sanitize_name`:
 * letters, digits, `_`, `.` and `-` are kept, spaces and dash runs become one `-`, and a
 * name left empty (or `.`/`..`) becomes `uploaded-file`.
 */
export function sanitizeFileName(name: string): string {
  let value = name.normalize('NFKC');
  value = value.replace(/[^\p{L}\p{M}\p{N}_\s.-]/gu, '').trim();
  value = value.replace(/[-\s]+/gu, '-');
  return value === '' || value === '.' || value === '..' ? 'uploaded-file' : value;
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

const TYPES: Readonly<Record<string, string>> = {
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  html: 'text/html',
  json: 'application/json',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  zip: 'application/zip',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
};

/** The type a client declared, else one guessed from the name, else `application/octet-stream`. */
export function contentTypeOf(declared: string, fileName: string): string {
  if (declared !== '') return declared;
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return TYPES[extension] ?? 'application/octet-stream';
}
