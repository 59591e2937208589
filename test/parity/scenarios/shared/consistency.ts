import { applyEvent } from '@teamchat/client-sdk';
import type { DemoRole } from '@teamchat/server';
import { expect } from 'vitest';
import type { ScenarioContext } from '../../harness.js';

/** The capabilities of a current client (zulip-flutter's and the web app's). */
export const MODERN_CAPABILITIES = {
  notification_settings_null: true,
  bulk_message_deletion: true,
  user_avatar_url_field_optional: true,
  stream_typing_notifications: true,
  user_settings_object: true,
  linkifier_url_template: true,
  user_list_incomplete: true,
  include_deactivated_groups: true,
  archived_channels: true,
  empty_topic_name: true,
  simplified_presence_events: true,
};

/** What differs between two registers even with nothing changed: the queue and the clock. */
function comparable(state: Record<string, unknown>): Record<string, unknown> {
  const {
    queue_id: _queue,
    last_event_id: _last,
    server_timestamp: _time,
    presence_last_update_id: _presence,
    ...rest
  } = state;
  return rest;
}

/** Options of {@link expectConsistent}. */
export interface ConsistencyOptions {
  /** POST /register parameters of the watching client (default: every block, modern capabilities). */
  register?: Record<string, unknown>;
}

/**
 * The real server's consistency test (`test_events.py`): `role` registers a queue for every
 * event type, `action` runs, the queue's events are applied to the first state with the SDK's
 * `applyEvent`, and the result must equal a fresh POST /register. Answers the types of the
 * events seen, so the scenario also pins that the action was announced.
 */
export async function expectConsistent(
  t: ScenarioContext,
  role: DemoRole,
  action: () => Promise<unknown>,
  options: ConsistencyOptions = {},
): Promise<string[]> {
  const client = t.client(role);
  const params = {
    apply_markdown: true,
    client_gravatar: false,
    include_subscribers: true,
    slim_presence: true,
    client_capabilities: MODERN_CAPABILITIES,
    ...options.register,
  };
  const before = (await client.events.register(params as never)) as Record<string, unknown>;
  await action();
  const queueId = String(before['queue_id']);
  const { events } = await client.events.get({ queue_id: queueId, last_event_id: -1, dont_block: true });
  const state = structuredClone(before);
  for (const event of events) applyEvent(state, event);
  const fresh = (await client.events.register(params as never)) as Record<string, unknown>;
  expect(comparable(state)).toEqual(comparable(fresh));
  await client.events.deleteQueue({ queue_id: queueId });
  await client.events.deleteQueue({ queue_id: String(fresh['queue_id']) });
  return events.map((event) => (typeof event['op'] === 'string' ? `${event.type}:${event['op']}` : event.type));
}
