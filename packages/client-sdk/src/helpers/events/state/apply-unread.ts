import { ascending, listOf, objectOf, type Entry, type State } from './state-types.js';

/** Where an unread message sits: a channel topic, or a conversation and its other participants. */
export type UnreadPlace =
  | { type: 'stream'; stream_id: number; topic: string; mentioned: boolean; wildcard: boolean }
  | { type: 'private'; others: number[]; mentioned: boolean; wildcard: boolean };

function unreadOf(state: State): Entry | undefined {
  return objectOf(state, 'unread_msgs');
}

function idsOf(bucket: Entry): number[] {
  return bucket['unread_message_ids'] as number[];
}

/** Whether the user muted a channel topic, as far as the state tells (subscriptions, user_topics). */
function isMutedTopic(state: State, streamId: number, topic: string): boolean {
  const subscription = listOf(state, 'subscriptions')?.find((sub) => sub['stream_id'] === streamId);
  let policy = listOf(state, 'user_topics')?.find(
    (row) => row['stream_id'] === streamId && String(row['topic_name']).toLowerCase() === topic.toLowerCase(),
  )?.['visibility_policy'];
  // Without `user_topics`, the legacy `muted_topics` list ([channel name, topic, time]) tells.
  const legacy = state['muted_topics'];
  if (policy === undefined && Array.isArray(legacy) && subscription) {
    const muted = (legacy as unknown[][]).some(
      (row) => row[0] === subscription['name'] && String(row[1]).toLowerCase() === topic.toLowerCase(),
    );
    if (muted) policy = 1;
  }
  const channelMuted = subscription?.['is_muted'] === true;
  if (policy === 1) return true;
  return channelMuted && policy !== 2 && policy !== 3;
}

/** Recounts `unread_msgs.count`: direct messages plus channel messages outside muted topics and channels. */
export function recountUnread(state: State): void {
  const unread = unreadOf(state);
  if (!unread) return;
  let count = 0;
  for (const key of ['pms', 'huddles'])
    for (const bucket of (unread[key] as Entry[]) ?? []) count += idsOf(bucket).length;
  for (const bucket of (unread['streams'] as Entry[]) ?? []) {
    if (!isMutedTopic(state, bucket['stream_id'] as number, String(bucket['topic']))) count += idsOf(bucket).length;
  }
  unread['count'] = count;
}

/** Drops `ids` from every unread list. */
export function removeUnread(state: State, ids: Iterable<number>): void {
  const unread = unreadOf(state);
  if (!unread) return;
  const doomed = new Set(ids);
  for (const key of ['pms', 'streams', 'huddles']) {
    const buckets = (unread[key] as Entry[]) ?? [];
    for (const bucket of buckets) bucket['unread_message_ids'] = idsOf(bucket).filter((id) => !doomed.has(id));
    unread[key] = buckets.filter((bucket) => idsOf(bucket).length > 0);
  }
  unread['mentions'] = ((unread['mentions'] as number[]) ?? []).filter((id) => !doomed.has(id));
  recountUnread(state);
}

function compareStreamBuckets(a: Entry, b: Entry): number {
  const topicA = String(a['topic']).toLowerCase();
  const topicB = String(b['topic']).toLowerCase();
  return (a['stream_id'] as number) - (b['stream_id'] as number) || (topicA < topicB ? -1 : topicA > topicB ? 1 : 0);
}

/** Adds message `id` to the unread lists at `place`; `me` is the user's ID. */
export function addUnread(state: State, id: number, place: UnreadPlace, me: number | undefined): void {
  const unread = unreadOf(state);
  if (!unread) return;
  const add = (
    key: string,
    match: (bucket: Entry) => boolean,
    make: () => Entry,
    compare: (a: Entry, b: Entry) => number,
  ) => {
    const buckets = (unread[key] as Entry[]) ?? [];
    let bucket = buckets.find(match);
    if (!bucket) {
      bucket = make();
      buckets.push(bucket);
      buckets.sort(compare);
    }
    if (!idsOf(bucket).includes(id)) bucket['unread_message_ids'] = ascending([...idsOf(bucket), id]);
    unread[key] = buckets;
  };
  let muted = false;
  if (place.type === 'stream') {
    muted = isMutedTopic(state, place.stream_id, place.topic);
    add(
      'streams',
      (b) => b['stream_id'] === place.stream_id && String(b['topic']).toLowerCase() === place.topic.toLowerCase(),
      () => ({ stream_id: place.stream_id, topic: place.topic, unread_message_ids: [] }),
      compareStreamBuckets,
    );
  } else if (place.others.length <= 1) {
    const other = place.others[0] ?? me ?? 0;
    add(
      'pms',
      (b) => b['other_user_id'] === other,
      () => ({ other_user_id: other, sender_id: other, unread_message_ids: [] }),
      (a, b) => (a['other_user_id'] as number) - (b['other_user_id'] as number),
    );
  } else {
    const key = ascending([...place.others, ...(me === undefined ? [] : [me])]).join(',');
    add(
      'huddles',
      (b) => b['user_ids_string'] === key,
      () => ({ user_ids_string: key, unread_message_ids: [] }),
      (a, b) => (String(a['user_ids_string']) < String(b['user_ids_string']) ? -1 : 1),
    );
  }
  if (place.mentioned || (place.wildcard && !muted)) {
    const mentions = (unread['mentions'] as number[]) ?? [];
    if (!mentions.includes(id)) unread['mentions'] = [...mentions, id];
  }
  recountUnread(state);
}

/**
 * After a content edit: an unread message is among the mentions exactly when the edited
 * message mentions the user (`flags` of the `update_message` event), as the real server's
 * `apply_event` keeps it.
 */
export function updateUnreadMention(state: State, id: number, flags: readonly string[]): void {
  const unread = unreadOf(state);
  if (!unread) return;
  const buckets = [
    ...((unread['streams'] as Entry[]) ?? []),
    ...((unread['pms'] as Entry[]) ?? []),
    ...((unread['huddles'] as Entry[]) ?? []),
  ];
  if (!buckets.some((bucket) => idsOf(bucket).includes(id))) return;
  const mentions = ((unread['mentions'] as number[]) ?? []).filter((m) => m !== id);
  const mentioned = flags.some(
    (flag) =>
      flag === 'mentioned' ||
      flag === 'stream_wildcard_mentioned' ||
      flag === 'topic_wildcard_mentioned' ||
      flag === 'wildcard_mentioned',
  );
  unread['mentions'] = mentioned ? [...mentions, id].sort((a, b) => a - b) : mentions;
}

/** Moves unread messages to another channel and/or topic (a message move). */
export function moveUnread(state: State, ids: number[], streamId: number | undefined, topic: string | undefined): void {
  const unread = unreadOf(state);
  if (!unread) return;
  const moved = new Set(ids);
  const places: { id: number; stream_id: number; topic: string }[] = [];
  for (const bucket of (unread['streams'] as Entry[]) ?? []) {
    for (const id of idsOf(bucket))
      if (moved.has(id)) places.push({ id, stream_id: bucket['stream_id'] as number, topic: String(bucket['topic']) });
  }
  const mentions = new Set((unread['mentions'] as number[]) ?? []);
  removeUnread(
    state,
    places.map((place) => place.id),
  );
  for (const place of places) {
    addUnread(
      state,
      place.id,
      {
        type: 'stream',
        stream_id: streamId ?? place.stream_id,
        topic: topic ?? place.topic,
        mentioned: mentions.has(place.id),
        wildcard: false,
      },
      undefined,
    );
  }
}

/** Drops the unread messages of channels the user left. */
export function dropUnreadOfChannels(state: State, streamIds: Set<number>): void {
  const unread = unreadOf(state);
  if (!unread) return;
  const ids = ((unread['streams'] as Entry[]) ?? [])
    .filter((bucket) => streamIds.has(bucket['stream_id'] as number))
    .flatMap(idsOf);
  if (ids.length > 0) removeUnread(state, ids);
}
