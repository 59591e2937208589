import type { Context } from '../runtime/context.js';
import type { EventForQueue } from '../runtime/event-queues.js';

/**
 * Delivers an event to the queues of `userIds` once the request's writes are durable (and
 * never when they are rolled back). `event` may shape itself per queue.
 */
export function emit(
  ctx: Pick<Context, 'db' | 'events'>,
  userIds: Iterable<number>,
  event: (Record<string, unknown> & { type: string }) | EventForQueue,
): void {
  // Nobody listens: a queue registered from now on has this write in its initial state, so
  // it must not get the event anyway (see `registeredSeq`).
  if (!ctx.events.listening) return;
  const recipients = [...userIds];
  if (recipients.length === 0) return;
  ctx.db.onCommit((seq) => ctx.events.publish(recipients, event, seq));
}

/** IDs of every active user of the organization. */
export function activeUserIds(ctx: Pick<Context, 'db'>): number[] {
  const ids: number[] = [];
  for (const user of ctx.db.all('users')) if (user.is_active) ids.push(user.id);
  return ids;
}

/**
 * Delivers a transient event at once (typing notifications): the request writes nothing, so
 * there is no commit to wait for, and every queue gets it, however recently registered.
 */
export function emitTransient(
  ctx: Pick<Context, 'events'>,
  userIds: Iterable<number>,
  event: (Record<string, unknown> & { type: string }) | EventForQueue,
): void {
  ctx.events.publish(userIds, event);
}
