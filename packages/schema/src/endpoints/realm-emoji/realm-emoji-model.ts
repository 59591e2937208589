import { z } from 'zod';

/** A custom emoji of the organization, as the API shows it. */
export const RealmEmoji = z.looseObject({
  id: z.string(),
  name: z.string(),
  source_url: z.string(),
  /** A still image of an animated emoji; null otherwise (FL 113). */
  still_url: z.string().nullable(),
  deactivated: z.boolean(),
  author_id: z.number().int().nullable(),
});
