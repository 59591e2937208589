import type { DemoRole } from '@teamchat/server';
import type { ScenarioContext } from '../../harness.js';

/** The event types the subscription scenarios listen to. */
export const SUBSCRIPTION_EVENTS = { event_types: ['subscription', 'stream'] };

/** The ID of a channel, by name, as the owner sees it (through GET /streams). */
export async function channelId(t: ScenarioContext, name: string): Promise<number> {
  const { streams } = await t.client('owner').channels.list({ include_all: true });
  const channel = streams.find((s) => s.name === name);
  if (!channel) throw new Error(`no channel named ${name}`);
  return channel.stream_id;
}

/** Names of the subscriptions of `role` (GET /users/me/subscriptions). */
export async function subscribedNames(t: ScenarioContext, role: DemoRole): Promise<string[]> {
  return (await t.client(role).channels.listSubscriptions()).subscriptions.map((s) => s.name);
}
