import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { RealmEmoji } from './realm-emoji-model.js';

/** GET /realm/emoji: the organization's custom emoji by ID, deactivated ones included. */
export const listRealmEmoji = defineEndpoint({
  name: 'realmEmoji.list',
  method: 'GET',
  path: '/realm/emoji',
  access: 'user',
  summary: 'Get all custom emoji.',
  docs: 'get-custom-emoji',
  params: z.object({}),
  response: z.looseObject({ emoji: z.record(z.string(), RealmEmoji) }),
  errors: [],
});
