import { z } from 'zod';

/**
 * An event from an event queue. Every event has `type` and `id`; the other fields depend on
 * the type (see https://zulip.com/api/get-events).
 */
export const Event = z.looseObject({
  type: z.string(),
  id: z.number().int(),
});
export type Event = z.infer<typeof Event> & Record<string, unknown>;
