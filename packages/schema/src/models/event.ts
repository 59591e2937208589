import { z } from 'zod';

/**
 * Any event from an event queue: `type` and `id`, the other fields untyped. The models of each
 * type and op are `ServerEvent` (events/server-event.ts).
 */
export const Event = z.looseObject({
  type: z.string(),
  id: z.number().int(),
});
export type Event = z.infer<typeof Event> & Record<string, unknown>;
