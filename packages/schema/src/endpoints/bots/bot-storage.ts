import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * GET /bot_storage: the caller's stored values (all, or those of `keys`): the key-value store
 * the Python bot framework's `bot_handler.storage` uses. An unknown key: `Key does not exist.`
 */
export const getBotStorage = defineEndpoint({
  name: 'bots.getStorage',
  method: 'GET',
  path: '/bot_storage',
  access: 'user',
  summary: "Read the caller's bot storage.",
  docsNote: 'The real server has it (its web app uses it), but not in its API documentation.',
  params: z.object({ keys: z.array(z.string()).optional() }),
  response: z.looseObject({ storage: z.record(z.string(), z.string()) }),
  errors: ['BAD_REQUEST'],
});

/**
 * PUT /bot_storage: stores string values under keys. Keys and values together may hold at most
 * the server's limit of characters (10,000,000 by default, the real server's
 * `USER_STATE_SIZE_LIMIT`): `Request exceeds storage limit by N characters. The limit is L characters.`
 */
export const updateBotStorage = defineEndpoint({
  name: 'bots.updateStorage',
  method: 'PUT',
  path: '/bot_storage',
  access: 'user',
  summary: "Store values in the caller's bot storage.",
  docsNote: 'The real server has it (its web app uses it), but not in its API documentation.',
  params: z.object({ storage: z.record(z.string(), z.string()) }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST'],
});

/** DELETE /bot_storage: removes keys (all when `keys` is omitted); an unknown key removes nothing: `Key does not exist.` */
export const removeBotStorage = defineEndpoint({
  name: 'bots.removeStorage',
  method: 'DELETE',
  path: '/bot_storage',
  access: 'user',
  summary: "Remove values from the caller's bot storage.",
  docsNote: 'The real server has it (its web app uses it), but not in its API documentation.',
  params: z.object({ keys: z.array(z.string()).optional() }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST'],
});
