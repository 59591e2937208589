import { z } from 'zod';

/** A topic of a channel: its name and the ID of its newest message. */
export const Topic = z.looseObject({ name: z.string(), max_id: z.number().int() });
export type Topic = z.infer<typeof Topic>;
