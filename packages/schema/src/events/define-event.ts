import { z } from 'zod';

/** The fields every event of GET /events has besides its own: `id`, its place in the queue. */
const EVENT_ID = { id: z.number().int() };

/**
 * The model of an event type that has no `op`: `type`, `id` and the event's own fields. Loose,
 * so fields a newer server adds pass.
 *
 * @example
 * export const AlertWordsEvent = defineEvent('alert_words', { alert_words: z.array(z.string()) });
 */
export function defineEvent<const TType extends string, const TShape extends z.ZodRawShape>(
  type: TType,
  shape: TShape,
) {
  return z.looseObject({ type: z.literal(type), ...EVENT_ID, ...shape });
}

/** The model of one `op` of an event type (`stream` / `create`): `type`, `op`, `id` and its own fields. */
export function defineOpEvent<const TType extends string, const TOp extends string, const TShape extends z.ZodRawShape>(
  type: TType,
  op: TOp,
  shape: TShape,
) {
  return z.looseObject({ type: z.literal(type), op: z.literal(op), ...EVENT_ID, ...shape });
}
