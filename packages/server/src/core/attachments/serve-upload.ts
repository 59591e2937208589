import { authenticate } from '../auth/authenticate.js';
import type { Services } from '../model/context.js';
import { canAccessAttachment } from './attachment-access.js';
import { decodePathId } from './upload-path.js';

/** Types browsers may show in place; everything else is served as a download (no stored XSS). */
const INLINE_TYPES = new Set(['application/pdf', 'image/gif', 'image/jpeg', 'image/png', 'image/webp']);

function page(status: number, html: string): Response {
  const body = new TextEncoder().encode(html);
  const headers = { 'content-type': 'text/html; charset=utf-8', 'content-length': String(body.length), 'x-content-type-options': 'nosniff' };
  return new Response(body, { status, headers });
}

/** The real server's page for a file that does not exist (or a path that names none). */
const notFound = () => page(404, '<p>File not found.</p>');

/** A body that hands the stored bytes over as they are (a `Uint8Array` body would be copied). */
function bytesBody(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/** `Content-Disposition` as the real server writes it: quoted ASCII names, RFC 8187 for the others. */
function disposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = /^[\x20-\x7e]*$/.test(fileName);
  const name = ascii ? `filename="${fileName.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"` : `filename*=utf-8''${encodeURIComponent(fileName)}`;
  return `${kind}; ${name}`;
}

/**
 * GET/HEAD `/user_uploads/<path_id>`: the file, to its owner and to whoever may read a
 * message linking it (Basic auth; spectators through web-public channels). An unknown file
 * is a 404 page, an inaccessible one a 403 page, as the real server answers. Images and PDFs
 * are served inline, other types as attachments, always with `nosniff`. HEAD answers from
 * the attachment record without reading the file. Due jobs run first (an expired upload is gone).
 *
 * @throws {ApiError} `UNAUTHORIZED` for credentials that are sent but wrong.
 * @see shared/reference/users-channels-realm.md §8.4 (`serve_file`, `validate_attachment_request`)
 */
export async function serveUpload(services: Services, request: Request, encodedPathId: string): Promise<Response> {
  const pathId = decodePathId(encodedPathId);
  if (pathId === undefined) return notFound();
  const user = authenticate(services, 'optional', request.headers.get('authorization'));
  await services.runDueJobs();
  const db = services.store.begin();
  const realm = db.get('realm', 1);
  const attachment = services.attachmentIndex.byPathId.get(pathId);
  if (!realm || !attachment) return notFound();
  if (!canAccessAttachment({ ...services, db, realm }, user, attachment)) return page(403, '<p>You are not authorized to view this file.</p>');
  const bytes = request.method === 'HEAD' ? null : await services.files.get(pathId);
  if (bytes === undefined) return notFound();
  const fileName = pathId.slice(pathId.lastIndexOf('/') + 1);
  const headers = {
    'content-type': attachment.content_type,
    'content-length': String(bytes?.length ?? attachment.size),
    'content-disposition': disposition(INLINE_TYPES.has(attachment.content_type) ? 'inline' : 'attachment', fileName),
    'cache-control': 'private, immutable',
    'x-content-type-options': 'nosniff',
  };
  return new Response(bytes && bytesBody(bytes), { status: 200, headers });
}
