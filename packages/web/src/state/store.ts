import { computed, signal } from '@preact/signals';
import type { NarrowNames } from '../narrow/narrow.js';
import type { AppState, Subscription, User } from './types.js';

/**
 * The register state (POST /register) the event queue keeps current with the SDK's
 * `applyEvent`. `applyEvent` updates it in place, so `version` says when it changed:
 * everything derived reads `version.value` first.
 */
export const registered = signal<AppState | null>(null);
export const version = signal(0);

/** Marks the register state changed (after `applyEvent`). */
export function touch(): void {
  version.value += 1;
}

/** The state; only call while logged in (the app renders nothing before). */
export function current(): AppState {
  void version.value;
  const state = registered.value;
  if (!state) throw new Error('[teamchat-web] no register state yet');
  return state;
}

/** Every user by ID (active, deactivated and bots). */
export const usersById = computed(() => {
  const state = current();
  const map = new Map<number, User>();
  for (const user of [...state.realm_users, ...(state.realm_non_active_users ?? [])]) map.set(user.user_id, user);
  return map;
});

/** Subscribed channels by ID. */
export const channelsById = computed(
  () => new Map<number, Subscription>(current().subscriptions.map((s) => [s.stream_id, s])),
);

/** Channels the user may see by ID (subscribed or not), for names of links and searches. */
const allChannelNames = computed(() => {
  const state = current();
  const map = new Map<number, string>();
  for (const stream of state.streams ?? []) map.set(stream.stream_id, stream.name);
  for (const sub of state.subscriptions) map.set(sub.stream_id, sub.name);
  return map;
});

/** Names for narrows, hashes and the search box. */
export const names: NarrowNames = {
  channelName: (id) => allChannelNames.value.get(id),
  channelId: (name) => {
    if (/^\d+$/.test(name)) return Number(name);
    const lower = name.toLowerCase();
    for (const [id, channel] of allChannelNames.value) if (channel.toLowerCase() === lower) return id;
    return undefined;
  },
  userName: (id) => usersById.value.get(id)?.full_name,
  userEmail: (id) => usersById.value.get(id)?.email,
  userId: (text) => {
    if (/^\d+$/.test(text)) return Number(text);
    const lower = text.toLowerCase();
    for (const user of usersById.value.values())
      if (user.email.toLowerCase() === lower || user.full_name.toLowerCase() === lower) return user.user_id;
    for (const user of usersById.value.values())
      if (user.full_name.toLowerCase().split(/\s+/).includes(lower)) return user.user_id;
    return undefined;
  },
};

/** The logged-in user's ID. */
export const me = computed(() => current().user_id);

/** Whether the user administers the organization (administrators and owners). */
export const isAdmin = computed(() => current().is_admin);
