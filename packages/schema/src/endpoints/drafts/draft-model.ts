import { z } from 'zod';

/** A draft as a request gives it. */
export const DraftInput = z.object({
  /** `stream`, `private`, or `""` for a draft without a recipient yet. */
  type: z.enum(['', 'stream', 'private']),
  /** The channel ID (one) or the user IDs of the recipients. */
  to: z.array(z.number().int()),
  topic: z.string().default(''),
  content: z.string(),
  /** Seconds since the epoch of the last edit; default now. */
  timestamp: z.number().optional(),
});
export type DraftInput = z.input<typeof DraftInput>;

/** A draft as the API shows it. */
export const Draft = z.looseObject({
  id: z.number().int(),
  type: z.string(),
  to: z.array(z.number().int()),
  topic: z.string(),
  content: z.string(),
  timestamp: z.number(),
});
