import { defineEndpoint } from '@teamchat/schema';
import { z } from 'zod';
import { readExportFile } from '../exports/realm-exports.js';
import { pageHandler } from '../dispatch/handler.js';
import { ServedFileOrNotFound } from './serve-upload.js';

/**
 * GET and HEAD `/user_avatars/exports/<realm>/<random>/<name>.json`: the file of a finished
 * data export (the `export_url` of GET /export/realm), to whoever has the URL, as the real
 * server serves export tarballs; not found once it is gone.
 */
export const serveExportPage = defineEndpoint({
  name: 'pages.serveExport',
  method: 'GET',
  path: '/user_avatars/exports/{path}',
  access: 'public',
  summary: "A data export's file.",
  params: z.object({ path: z.string(), with_bytes: z.boolean() }),
  response: ServedFileOrNotFound,
  errors: [],
});

/** The export's file, or not found. */
export const serveExportHandler = pageHandler(
  serveExportPage,
  async (params, ctx) => {
    const bytes = await readExportFile(ctx, params.path);
    if (!bytes) return { status: 'not-found' as const };
    return {
      status: 'file' as const,
      file_name: params.path.slice(params.path.lastIndexOf('/') + 1),
      content_type: 'application/json',
      size: bytes.length,
      inline: false,
      bytes: params.with_bytes ? bytes : null,
    };
  },
  { ports: ['files'] },
);
