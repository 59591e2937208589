import { defineEndpoint } from '@teamchat/schema';
import { z } from 'zod';
import { pageHandler } from '../dispatch/handler.js';
import { readAvatarImage } from '../settings/avatar.js';
import { ServedFileOrNotFound } from './serve-upload.js';

/**
 * GET and HEAD `/user_avatars/<realm>/<user>.png` and `<user>-medium.png` (below the site, not
 * `/api/v1`): a user's uploaded avatar, public as on the real server.
 */
export const serveAvatarPage = defineEndpoint({
  name: 'pages.serveAvatar',
  method: 'GET',
  path: '/user_avatars/avatar/{user_id}',
  access: 'public',
  summary: "A user's uploaded avatar.",
  params: z.object({ user_id: z.number().int(), with_bytes: z.boolean() }),
  response: ServedFileOrNotFound,
  errors: [],
});

/** The image, or not found. */
export const serveAvatarHandler = pageHandler(
  serveAvatarPage,
  (params, ctx) => readAvatarImage(ctx, params.user_id, params.with_bytes),
  { ports: ['files'] },
);
