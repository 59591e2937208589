import { z } from 'zod';

/** A custom emoji of the organization, as the API shows it. */
export const RealmEmoji = z.looseObject({
  id: z.string(),
  name: z.string(),
  source_url: z.string(),
  deactivated: z.boolean(),
  author_id: z.number().int().nullable(),
});
