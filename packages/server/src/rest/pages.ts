import { isApiError } from '@teamchat/schema';
import type { UploadRead } from '../core/index.js';
import type { RestReply } from './rest-request.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ESCAPES[c] as string);

/** An HTML page, never sniffed as anything else. */
export function htmlPage(status: number, html: string): RestReply {
  const body = new TextEncoder().encode(html);
  return {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-length': String(body.length),
      'x-content-type-options': 'nosniff',
    },
    body,
  };
}

/** A page with a title and one paragraph. */
function messagePage(status: number, title: string, text: string): RestReply {
  return htmlPage(
    status,
    `<!doctype html><html><head><meta charset="utf-8"><title>${escape(title)}</title></head><body><h1>${escape(title)}</h1><p>${escape(text)}</p></body></html>`,
  );
}

/** The real server's page for a file that does not exist (or a path that names none). */
export const uploadNotFound = () => htmlPage(404, '<p>File not found.</p>');

/** `Content-Disposition` as the real server writes it: quoted ASCII names, RFC 8187 for the others. */
function disposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = /^[\x20-\x7e]*$/.test(fileName);
  const name = ascii
    ? `filename="${fileName.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`
    : `filename*=utf-8''${encodeURIComponent(fileName)}`;
  return `${kind}; ${name}`;
}

/**
 * GET/HEAD `/user_uploads/<path_id>` as the real server answers: the file (images and PDFs
 * inline, the rest as attachments, always `nosniff`), or its 404 and 403 pages.
 *
 * @see https://zulip.com/api/upload-file (`serve_file`)
 */
export function uploadResponse(read: UploadRead): RestReply {
  if (read.status === 'not-found') return uploadNotFound();
  if (read.status === 'forbidden') return htmlPage(403, '<p>You are not authorized to view this file.</p>');
  const headers = {
    'content-type': read.content_type,
    'content-length': String(read.size),
    'content-disposition': disposition(read.inline ? 'inline' : 'attachment', read.file_name),
    'cache-control': 'private, immutable',
    'x-content-type-options': 'nosniff',
  };
  return { status: 200, headers, body: read.bytes ?? null };
}

/** The page of an email-change link: the new address, or why the link failed. */
export async function confirmEmailResponse(
  confirm: () => Promise<{ full_name: string; email: string }>,
): Promise<RestReply> {
  try {
    const user = await confirm();
    return messagePage(200, 'Email address changed', `The email address of ${user.full_name} is now ${user.email}.`);
  } catch (error) {
    if (isApiError(error)) return messagePage(400, 'Confirmation failed', error.msg);
    throw error;
  }
}
