import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { ReactionTypeInput } from '../../models/message.js';

/**
 * POST /messages/{message_id}/reactions: react to a message with an emoji. The code and type
 * are worked out from the name when omitted.
 *
 * @see https://zulip.com/api/add-reaction
 */
export const addReaction = defineEndpoint({
  name: 'messages.addReaction',
  method: 'POST',
  path: '/messages/{message_id}/reactions',
  access: 'user',
  summary: 'Add an emoji reaction to a message.',
  docs: 'add-reaction',
  params: z.object({
    message_id: z.number().int(),
    emoji_name: z.string(),
    emoji_code: z.string().optional(),
    reaction_type: ReactionTypeInput.optional(),
  }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST', 'REACTION_ALREADY_EXISTS'],
});
