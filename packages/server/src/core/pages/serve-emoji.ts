import { defineEndpoint } from '@teamchat/schema';
import { z } from 'zod';
import { pageHandler } from '../dispatch/handler.js';
import { readEmojiImage } from '../realm-emoji/realm-emoji.js';
import { ServedFileOrNotFound } from './serve-upload.js';

/**
 * GET and HEAD `/user_avatars/<realm>/emoji/images/<file>` (below the site, not `/api/v1`): a
 * custom emoji's image, public as on the real server.
 */
export const serveEmojiPage = defineEndpoint({
  name: 'pages.serveEmoji',
  method: 'GET',
  path: '/user_avatars/emoji/{file}',
  access: 'public',
  summary: "A custom emoji's image.",
  params: z.object({ file: z.string(), with_bytes: z.boolean() }),
  response: ServedFileOrNotFound,
  errors: [],
});

/** The image, or not found. */
export const serveEmojiHandler = pageHandler(
  serveEmojiPage,
  (params, ctx) => readEmojiImage(ctx, params.file, params.with_bytes),
  { ports: ['files'] },
);
