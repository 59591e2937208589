import type { EventOf } from '@teamchat/schema';
import { dropUnreadOfChannels, recountUnread } from './apply-unread.js';
import { copy, listOf, type Entry, type State } from './state-types.js';

const CHANNEL_LISTS = ['subscriptions', 'unsubscribed', 'never_subscribed', 'streams'] as const;

function byStreamId(a: Entry, b: Entry): number {
  return (a['stream_id'] as number) - (b['stream_id'] as number);
}

/** Whether the state's subscription lists carry subscriber IDs (`include_subscribers`). */
function withSubscribers(state: State): boolean {
  return ['subscriptions', 'unsubscribed', 'never_subscribed'].some((key) =>
    listOf(state, key)?.some((sub) => 'subscribers' in sub || 'partial_subscribers' in sub),
  );
}

/** `stream` events: channels created (or made visible), deleted (or hidden), changed. */
export function applyStream(state: State, event: EventOf<'stream'>): void {
  if (event.op === 'create') {
    const subscribers = withSubscribers(state);
    for (const channel of event.streams as Entry[]) {
      const id = channel['stream_id'];
      const known = (key: string) => listOf(state, key)?.some((entry) => entry['stream_id'] === id) === true;
      if (
        listOf(state, 'never_subscribed') &&
        !known('subscriptions') &&
        !known('unsubscribed') &&
        !known('never_subscribed')
      ) {
        listOf(state, 'never_subscribed')?.push(subscribers ? { ...copy(channel), subscribers: [] } : copy(channel));
      }
      if (listOf(state, 'streams') && !known('streams')) listOf(state, 'streams')?.push(copy(channel));
    }
    for (const key of CHANNEL_LISTS) listOf(state, key)?.sort(byStreamId);
    return;
  }
  if (event.op === 'delete') {
    const ids = new Set(event.stream_ids ?? (event.streams ?? []).map((s) => s.stream_id));
    for (const key of CHANNEL_LISTS) {
      const list = listOf(state, key);
      if (list) state[key] = list.filter((entry) => !ids.has(entry['stream_id'] as number));
    }
    return;
  }
  if (event.op !== 'update') return;
  const { property } = event;
  for (const key of CHANNEL_LISTS) {
    for (const entry of listOf(state, key) ?? []) {
      if (entry['stream_id'] !== event.stream_id) continue;
      if (key === 'streams' && !(property in entry)) continue;
      entry[property] = copy(event.value);
      if (property === 'description' && event.rendered_description !== undefined)
        entry['rendered_description'] = event.rendered_description;
      for (const extra of [
        'history_public_to_subscribers',
        'is_web_public',
        'stream_post_policy',
        'is_announcement_only',
      ]) {
        if (event[extra] !== undefined && event[extra] !== null) entry[extra] = event[extra];
      }
    }
  }
}

/** `subscription` events: the user's subscriptions, their properties, and other subscribers. */
export function applySubscription(state: State, event: EventOf<'subscription'>, me: number | undefined): void {
  const subscriptions = listOf(state, 'subscriptions');
  if (!subscriptions) return;
  const remove = (key: string, ids: Set<unknown>) => {
    const list = listOf(state, key);
    if (list) state[key] = list.filter((entry) => !ids.has(entry['stream_id']));
  };
  switch (event.op) {
    case 'add': {
      const subscribers = withSubscribers(state);
      const added = event.subscriptions as Entry[];
      const ids = new Set(added.map((sub) => sub['stream_id']));
      for (const sub of added) {
        if (subscriptions.some((s) => s['stream_id'] === sub['stream_id'])) continue;
        const entry = copy(sub);
        if (!subscribers) delete entry['subscribers'];
        subscriptions.push(entry);
      }
      subscriptions.sort(byStreamId);
      remove('unsubscribed', ids);
      remove('never_subscribed', ids);
      for (const sub of added) {
        const channel = listOf(state, 'streams')?.find((entry) => entry['stream_id'] === sub['stream_id']);
        if (channel && 'subscriber_count' in sub) channel['subscriber_count'] = sub['subscriber_count'];
      }
      break;
    }
    case 'remove': {
      const ids = new Set<unknown>(event.subscriptions.map((sub) => sub.stream_id));
      const left = subscriptions.filter((sub) => ids.has(sub['stream_id']));
      for (const sub of left)
        if (Array.isArray(sub['subscribers']))
          sub['subscribers'] = (sub['subscribers'] as number[]).filter((id) => id !== me);
      for (const entry of [
        ...left,
        ...(listOf(state, 'streams') ?? []).filter((channel) => ids.has(channel['stream_id'])),
      ]) {
        if (typeof entry['subscriber_count'] === 'number') entry['subscriber_count'] = entry['subscriber_count'] - 1;
      }
      state['subscriptions'] = subscriptions.filter((sub) => !ids.has(sub['stream_id']));
      listOf(state, 'unsubscribed')?.push(...left);
      listOf(state, 'unsubscribed')?.sort(byStreamId);
      dropUnreadOfChannels(state, ids as Set<number>);
      break;
    }
    case 'update':
      for (const sub of subscriptions) if (sub['stream_id'] === event.stream_id) sub[event.property] = event.value;
      if (event.property === 'is_muted' || event.property === 'in_home_view') recountUnread(state);
      break;
    case 'peer_add':
    case 'peer_remove': {
      const streams = new Set(event.stream_ids);
      const users = event.user_ids;
      // The server announces only real changes, so counts without subscriber lists move by the number of users.
      const delta = event.op === 'peer_add' ? users.length : -users.length;
      for (const key of CHANNEL_LISTS) {
        for (const sub of listOf(state, key) ?? []) {
          if (!streams.has(sub['stream_id'] as number)) continue;
          if (typeof sub['subscriber_count'] === 'number') sub['subscriber_count'] = sub['subscriber_count'] + delta;
          for (const field of ['subscribers', 'partial_subscribers']) {
            if (!Array.isArray(sub[field])) continue;
            const set = new Set(sub[field] as number[]);
            for (const id of users)
              if (event.op === 'peer_add') set.add(id);
              else set.delete(id);
            sub[field] = [...set].sort((a, b) => a - b);
          }
        }
      }
      break;
    }
    default:
      // An op of a newer server: nothing known to change.
      break;
  }
}
