import type { Client } from '@teamchat/client-sdk';
import type { DemoRole } from '@teamchat/server';
import type { ScenarioContext } from '../../harness.js';

/** The demo organization's linkifier: `#123` links to issue 123. */
export const DEMO_LINKIFIER = {
  pattern: '#(?P<id>[0-9]+)',
  url_template: 'https://github.com/teamchat/teamchat/issues/{id}',
} as const;

/** The message refused to everyone below administrator on admin-only endpoints. */
export const NOT_ADMIN = {
  code: 'UNAUTHORIZED_PRINCIPAL',
  msg: 'Must be an organization administrator',
  status: 400,
  extra: {},
} as const;

/** Registers a queue for `role` with `eventTypes`, declaring `linkifier_url_template` unless told not to. */
export async function queueFor(
  t: ScenarioContext,
  role: DemoRole,
  eventTypes: string[],
  linkifierUrlTemplate = true,
): Promise<string> {
  const { queue_id } = await t.client(role).events.register({
    event_types: eventTypes,
    fetch_event_types: [],
    ...(linkifierUrlTemplate ? { client_capabilities: { linkifier_url_template: true } } : {}),
  });
  if (queue_id === null) throw new Error(`no queue for ${role}`);
  return queue_id;
}

/** Events waiting in `queueId` of `role`, acknowledged (so the next drain starts after them), without their `id`. */
export async function drain(t: ScenarioContext, role: DemoRole, queueId: string): Promise<Record<string, unknown>[]> {
  const client = t.client(role);
  const { events } = await client.events.get({ queue_id: queueId, dont_block: true });
  const lastId = events.at(-1)?.['id'];
  if (typeof lastId === 'number')
    await client.events.get({ queue_id: queueId, last_event_id: lastId, dont_block: true });
  return events.map(({ id: _id, ...event }) => event);
}

/** Sends a channel message to `general` and answers its ID. */
export async function post(client: Client, topic: string, content: string): Promise<number> {
  return (await client.messages.send({ type: 'stream', to: 'general', topic, content })).id;
}

/** The rendered content and topic links of a message, as the member reads it now. */
export async function rendering(t: ScenarioContext, id: number): Promise<{ content: string; topic_links: unknown }> {
  const { message } = await t.client('member').messages.get({ message_id: id });
  return { content: message.content, topic_links: message.topic_links };
}
