import { z } from 'zod';
import { ReactionTypeInput } from '../../models/message.js';

/** The status fields a status update may change. */
export const statusParams = {
  /** At most 60 characters; `""` clears the text. */
  status_text: z.string().optional(),
  /** `""` clears the emoji. */
  emoji_name: z.string().optional(),
  emoji_code: z.string().optional(),
  reaction_type: ReactionTypeInput.optional(),
};

/** A user's status as the API shows it. */
export const UserStatus = z.looseObject({
  away: z.boolean().optional(),
  status_text: z.string().optional(),
  emoji_name: z.string().optional(),
  emoji_code: z.string().optional(),
  reaction_type: z.string().optional(),
});
