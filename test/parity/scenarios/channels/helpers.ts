import type { DemoRole } from '@teamchat/server';
import type { ScenarioContext } from '../../harness.js';
import { pendingEvents } from '../user-groups/helpers.js';

/** A reader of the queue `queueId` of `role`: each call returns the events (without IDs) that arrived since the last one. */
export function eventReader(t: ScenarioContext, role: DemoRole, queueId: string | null | undefined) {
  let seen = 0;
  return async (): Promise<Record<string, unknown>[]> => {
    const events = (await pendingEvents(t, role, queueId ?? null)).map(({ id: _id, ...event }) => event);
    const fresh = events.slice(seen);
    seen = events.length;
    return fresh;
  };
}

/** Event queues of `roles` for `types`, registered now. */
export async function queues(
  t: ScenarioContext,
  roles: readonly DemoRole[],
  types: string[],
  capabilities: Record<string, boolean> = {},
) {
  const ids = {} as Record<DemoRole, string>;
  for (const role of roles) {
    ids[role] =
      (await t.client(role).events.register({ event_types: types, client_capabilities: capabilities })).queue_id ?? '';
  }
  return {
    /** The events each queue got since, without their IDs. */
    async read(): Promise<Record<string, Record<string, unknown>[]>> {
      const out: Record<string, Record<string, unknown>[]> = {};
      for (const role of roles)
        out[role] = (await pendingEvents(t, role, ids[role])).map(({ id: _id, ...event }) => event);
      return out;
    },
  };
}

/** A summary of events: `type op` (and the property or stream IDs), for recipient checks. */
export const shapes = (events: Record<string, unknown>[]) =>
  events.map((e) => [e['type'], e['op'], e['property'] ?? e['stream_ids']].filter((x) => x !== undefined).join(' '));

/** The newest messages of a narrow, as the owner sees them. */
export async function newest(t: ScenarioContext, channel: string, topic?: string, num = 3) {
  const narrow = [
    { operator: 'channel', operand: channel },
    ...(topic === undefined ? [] : [{ operator: 'topic', operand: topic }]),
  ];
  const { messages } = await t
    .client('owner')
    .messages.list({ anchor: 'newest', num_before: num, num_after: 0, narrow, apply_markdown: false });
  return messages.map((m) => ({ sender: m.sender_full_name, topic: m.subject, content: m.content }));
}
