import type { DemoRole } from '@teamchat/server';
import type { ScenarioContext } from '../../harness.js';

/** Registers a queue of `role` for `types` and answers its ID. */
export async function queueOf(t: ScenarioContext, role: DemoRole, types: string[]): Promise<string> {
  const { queue_id } = await t.client(role).events.register({ event_types: types, fetch_event_types: [] });
  if (queue_id === null) throw new Error(`no queue for ${role}`);
  return queue_id;
}

/** The events waiting in a queue, without their IDs. */
export async function eventsOf(
  t: ScenarioContext,
  role: DemoRole,
  queueId: string,
): Promise<Record<string, unknown>[]> {
  const { events } = await t.client(role).events.get({ queue_id: queueId, dont_block: true });
  return events.map(({ id: _id, ...event }) => event);
}

/** Creates a bot as `role` and answers its ID and key. */
export async function makeBot(
  t: ScenarioContext,
  role: DemoRole,
  params: { full_name: string; short_name: string; bot_type?: number; payload_url?: string; interface_type?: number },
) {
  const created = await t.client(role).bots.create(params);
  return { id: created.user_id, apiKey: created.api_key };
}

/** Sets an organization group setting to a system group, as an administrator would. */
export async function setRealmGroup(t: ScenarioContext, setting: string, group: string): Promise<void> {
  const id = [...t.store.all('user_groups')].find((g) => g.name === group)?.id;
  if (id === undefined) throw new Error(`no group ${group}`);
  await t.store.write((tx) => {
    const realm = tx.get('realm', 1);
    if (realm) tx.patch('realm', 1, { groups: { ...realm.groups, [setting]: id } });
  });
}
