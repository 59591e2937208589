import { endpoints } from '@teamchat/schema';
import { implement } from '../procedure/implement.js';

/**
 * GET /events: long-polls the caller's queue; answers at once when events newer than
 * `last_event_id` wait, or with `dont_block`, else after the next event or a heartbeat.
 */
export const getEventsImpl = implement(endpoints['events.get'], async (params, ctx) => {
  const queue = ctx.events.get(params.queue_id, ctx.user.id);
  const events = await ctx.events.poll(queue, params.last_event_id, params.dont_block, ctx.request.signal);
  return { events, queue_id: queue.id };
});

/** DELETE /events: deletes the caller's queue. */
export const deleteQueueImpl = implement(
  endpoints['events.deleteQueue'],
  (params, ctx) => {
    ctx.events.delete(params.queue_id, ctx.user.id);
    return {};
  },
  { readOnly: true },
);
