import type { ServerEvent } from '@teamchat/schema';
import type { OperationParams, UserContext } from '../runtime/context.js';

/**
 * GET /events: long-polls the caller's queue; answers at once when events newer than
 * `last_event_id` wait, or with `dont_block`, else after the next event or a heartbeat.
 */
export async function getEvents(params: OperationParams<'events.get'>, ctx: UserContext) {
  const queue = ctx.events.get(params.queue_id, ctx.user.id);
  const events = await ctx.events.poll(queue, params.last_event_id, params.dont_block, ctx.request.signal);
  // Built untyped where they happen (emit); response validation (the mock, tests) checks each
  // against the model of its type in @teamchat/schema.
  return { events: events as ServerEvent[], queue_id: queue.id };
}

/** DELETE /events: deletes the caller's queue. */
export function deleteQueue(params: OperationParams<'events.deleteQueue'>, ctx: UserContext) {
  ctx.events.delete(params.queue_id, ctx.user.id);
  return {};
}
