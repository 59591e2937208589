import { ApiError } from '@teamchat/schema';
import { constantTimeEqual } from '../internal/constant-time.js';
import { randomAlphanumeric } from '../internal/random.js';
import { hmacSha256Base64Url } from '../internal/sha256.js';
import type { Context, OperationParams, UserContext } from '../runtime/context.js';
import type { Services } from '../runtime/services.js';
import { canAccessAttachment } from './attachment-access.js';
import { readUpload, type UploadRead } from './read-upload.js';

/** How long a temporary URL serves its file (`SIGNED_ACCESS_TOKEN_VALIDITY_IN_SECONDS`). */
const VALIDITY_SECS = 60;
const SALT = 'user_uploads_';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** The key temporary URLs are signed with: one per store, made on first use (a restart ends the URLs). */
const signingKeys = new WeakMap<Services['store'], string>();
function signingKey(services: Pick<Services, 'store' | 'random'>): string {
  let key = signingKeys.get(services.store);
  if (key === undefined) {
    key = randomAlphanumeric(50, services.random);
    signingKeys.set(services.store, key);
  }
  return key;
}

const base62 = (value: number): string => {
  let text = '';
  do {
    text = BASE62[value % 62] + text;
    value = Math.floor(value / 62);
  } while (value > 0);
  return text;
};
const fromBase62 = (text: string): number => [...text].reduce((value, char) => value * 62 + BASE62.indexOf(char), 0);
const toHex = (text: string) =>
  Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).toUpperCase().padStart(2, '0')).join('');
function fromHex(hex: string): string | null {
  if (!/^(?:[0-9A-F]{2})+$/.test(hex)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(hex.match(/../g) as string[], (pair) => parseInt(pair, 16)),
    );
  } catch {
    return null;
  }
}

/** `path:timestamp:signature`, laid out as Django's `TimestampSigner` signs, then base16 (the real token). */
async function signPath(services: Pick<Services, 'store' | 'random' | 'now'>, pathId: string): Promise<string> {
  const value = `${pathId}:${base62(Math.floor(services.now() / 1000))}`;
  return toHex(`${value}:${await hmacSha256Base64Url(`${SALT}signer${signingKey(services)}`, value)}`);
}

/** The path ID a token signs, or null: not a token of this server, or older than {@link VALIDITY_SECS}. */
async function pathOfToken(
  services: Pick<Services, 'store' | 'random' | 'now'>,
  token: string,
): Promise<string | null> {
  const signed = fromHex(token);
  const parts = signed?.split(':');
  if (!signed || !parts || parts.length < 3) return null;
  const signature = parts.pop() as string;
  const value = signed.slice(0, signed.length - signature.length - 1);
  const expected = await hmacSha256Base64Url(`${SALT}signer${signingKey(services)}`, value);
  if (!constantTimeEqual(expected, signature)) return null;
  const timestamp = fromBase62(parts.pop() as string);
  if (Math.floor(services.now() / 1000) - timestamp > VALIDITY_SECS) return null;
  return parts.join(':');
}

/**
 * GET /user_uploads/{realm_id_str}/{filename}, the real server's `serve_file_backend` with
 * `url_only`: for whoever may read the file (see {@link canAccessAttachment}), the URL
 * `/user_uploads/temporary/<token>/<file name>` that serves it without authentication for
 * 60 seconds on the server's clock. `File not found.` (404) and `You are not authorized to
 * view this file.` (403) otherwise, the real server's texts.
 */
export async function getTemporaryUploadUrl(
  params: OperationParams<'uploads.getTemporaryUrl'>,
  ctx: UserContext<'store'>,
) {
  const pathId = `${params.realm_id_str}/${params.filename}`;
  const attachment = ctx.indexes.attachments.byPathId.get(pathId);
  if (!attachment) throw new ApiError('BAD_REQUEST', 'File not found.', { status: 404 });
  if (!canAccessAttachment(ctx, ctx.user, attachment))
    throw new ApiError('BAD_REQUEST', 'You are not authorized to view this file.', { status: 403 });
  const fileName = pathId.slice(pathId.lastIndexOf('/') + 1);
  return { url: `/user_uploads/temporary/${await signPath(ctx, pathId)}/${encodeURIComponent(fileName)}` };
}

/**
 * The file of a temporary URL, to anyone, as the real `serve_file_unauthed_from_token`:
 * `Invalid token` for a token that is not this server's, expired, or whose file is gone;
 * `Invalid filename` when the URL's last part is not the file's name.
 */
export async function readTemporaryUpload(
  ctx: Context<'files' | 'store'>,
  token: string,
  fileName: string,
  withBytes: boolean,
): Promise<Extract<UploadRead, { status: 'file' }>> {
  const pathId = await pathOfToken(ctx, token);
  if (pathId === null) throw new ApiError('BAD_REQUEST', 'Invalid token');
  if (pathId.slice(pathId.lastIndexOf('/') + 1) !== fileName) throw new ApiError('BAD_REQUEST', 'Invalid filename');
  const read = await readUpload({ ...ctx, user: null }, pathId, withBytes, { skipAccessCheck: true });
  if (read.status !== 'file') throw new ApiError('BAD_REQUEST', 'Invalid token');
  return read;
}
