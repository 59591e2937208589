import { defineEndpoint } from '@teamchat/schema';
import { z } from 'zod';
import { readTemporaryUpload } from '../attachments/temporary-url.js';
import { pageHandler } from '../dispatch/handler.js';
import { ServedFile } from './serve-upload.js';

/**
 * GET and HEAD `/user_uploads/temporary/<token>/<file name>`: the file of a temporary URL
 * (GET /user_uploads/{realm_id_str}/{filename}), without authentication until it expires.
 */
export const serveTemporaryUploadPage = defineEndpoint({
  name: 'pages.serveTemporaryUpload',
  method: 'GET',
  path: '/user_uploads/temporary/{token}/{file_name}',
  access: 'public',
  summary: 'An uploaded file through its temporary URL.',
  params: z.object({ token: z.string(), file_name: z.string(), with_bytes: z.boolean() }),
  response: ServedFile,
  errors: ['BAD_REQUEST'],
});

/** The file, or `Invalid token` / `Invalid filename`. */
export const serveTemporaryUploadHandler = pageHandler(
  serveTemporaryUploadPage,
  (params, ctx) => readTemporaryUpload(ctx, params.token, params.file_name, params.with_bytes),
  { ports: ['files', 'store'] },
);
