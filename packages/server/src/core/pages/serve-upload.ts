import { defineEndpoint } from '@teamchat/schema';
import { z } from 'zod';
import { readUpload } from '../attachments/read-upload.js';
import { pageHandler } from '../dispatch/handler.js';

/** A file a page answers with (the bytes only for GET). */
export const ServedFile = z.object({
  status: z.literal('file'),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  inline: z.boolean(),
  bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array).nullable(),
});

/** Not found. */
const NotFound = z.object({ status: z.literal('not-found') });

/** The answer of a public file page: the file, or not found. */
export const ServedFileOrNotFound = z.discriminatedUnion('status', [NotFound, ServedFile]);

/**
 * GET and HEAD `/user_uploads/<path_id>` (below the site, not `/api/v1`): an uploaded file.
 * Answered with data; the REST layer turns it into the file or the real server's 404/403 page.
 */
export const serveUploadPage = defineEndpoint({
  name: 'pages.serveUpload',
  method: 'GET',
  path: '/user_uploads/{path_id}',
  access: 'optional',
  summary: 'An uploaded file, to whoever may read a message linking it.',
  params: z.object({ path_id: z.string(), with_bytes: z.boolean() }),
  response: z.discriminatedUnion('status', [NotFound, z.object({ status: z.literal('forbidden') }), ServedFile]),
  errors: ['UNAUTHORIZED'],
});

/** The file (Basic auth, or a spectator), read with due jobs run first: an expired upload is gone. */
export const serveUploadHandler = pageHandler(
  serveUploadPage,
  (params, ctx) => readUpload(ctx, params.path_id, params.with_bytes),
  { ports: ['files'] },
);
