import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { ReactionTypeInput } from '../../models/message.js';

/**
 * DELETE /messages/{message_id}/reactions: remove the caller's emoji reaction from a message.
 *
 * @see https://zulip.com/api/remove-reaction
 */
export const removeReaction = defineEndpoint({
  name: 'messages.removeReaction',
  method: 'DELETE',
  path: '/messages/{message_id}/reactions',
  access: 'user',
  summary: 'Remove an emoji reaction from a message.',
  docs: 'remove-reaction',
  params: z.object({
    message_id: z.number().int(),
    emoji_name: z.string().optional(),
    emoji_code: z.string().optional(),
    reaction_type: ReactionTypeInput.optional(),
  }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST', 'REACTION_DOES_NOT_EXIST'],
});
