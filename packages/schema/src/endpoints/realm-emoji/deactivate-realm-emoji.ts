import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/** DELETE /realm/emoji/{emoji_name}: deactivate a custom emoji (its author or an administrator). */
export const deactivateRealmEmoji = defineEndpoint({
  name: 'realmEmoji.deactivate',
  method: 'DELETE',
  path: '/realm/emoji/{emoji_name}',
  access: 'user',
  summary: 'Deactivate a custom emoji.',
  docs: 'deactivate-custom-emoji',
  params: z.object({ emoji_name: z.string() }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST'],
});
