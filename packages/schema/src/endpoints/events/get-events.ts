import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { AnyServerEvent } from '../../events/server-event.js';

/**
 * GET /events: long-poll a queue for events newer than `last_event_id`; answers a heartbeat
 * when nothing happens for a while, and at once with `dont_block`.
 */
export const getEvents = defineEndpoint({
  name: 'events.get',
  method: 'GET',
  path: '/events',
  access: 'user',
  summary: 'Fetch (long-poll) the events of a registered queue.',
  docs: 'get-events',
  params: z.object({
    queue_id: z.string(),
    last_event_id: z.number().int().optional(),
    dont_block: z.boolean().default(false),
  }),
  /** Each event is checked against its type's model; a type or op newer than this version passes as it is. */
  response: z.looseObject({ events: z.array(AnyServerEvent), queue_id: z.string().optional() }),
  errors: ['BAD_EVENT_QUEUE_ID'],
});
