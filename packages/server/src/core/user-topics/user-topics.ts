import { ApiError } from '@teamchat/schema';
import type { StateBlock } from '../events/state-block.js';
import { emit } from '../events/emit.js';
import { accessChannelById } from '../model/channel-access.js';
import type { Context, OperationParams, UserContext } from '../runtime/context.js';
import type { UserTopicRecord } from '../model/records/channels.js';
import { MAX_TOPIC_LENGTH } from '../realm/realm-state.js';

type Ctx = Pick<Context, 'db' | 'realm'>;

/** The user's topic policies (muted, unmuted, followed), in the order they were set. */
function userTopicsOf(ctx: Ctx, userId: number): UserTopicRecord[] {
  return [...ctx.db.all('user_topics')]
    .filter((row) => row.user_id === userId && row.visibility_policy !== 0)
    .sort((a, b) => a.last_updated - b.last_updated || a.id - b.id);
}

function shownTopic(ctx: Ctx, topic: string, emptyTopicName: boolean): string {
  return topic === '' && !emptyTopicName ? ctx.realm.empty_topic_display_name : topic;
}

/** The legacy `muted_topics` list: `[channel name, topic, timestamp]` of each muted topic. */
function mutedTopicsOf(ctx: Ctx, userId: number, emptyTopicName: boolean): [string, string, number][] {
  return userTopicsOf(ctx, userId)
    .filter((row) => row.visibility_policy === 1)
    .flatMap((row) => {
      const channel = ctx.db.get('channels', row.stream_id);
      return channel
        ? [
            [channel.name, shownTopic(ctx, row.topic_name, emptyTopicName), row.last_updated] as [
              string,
              string,
              number,
            ],
          ]
        : [];
    });
}

/** The `user_topic` block: every topic policy of the user (FL 134). */
export const userTopicsState: StateBlock = {
  eventTypes: ['user_topic'],
  fetch(ctx, _params, capabilities) {
    const emptyTopicName = capabilities['empty_topic_name'] === true;
    return {
      user_topics: userTopicsOf(ctx, ctx.user.id).map((row) => ({
        stream_id: row.stream_id,
        topic_name: shownTopic(ctx, row.topic_name, emptyTopicName),
        last_updated: row.last_updated,
        visibility_policy: row.visibility_policy,
      })),
    };
  },
};

/**
 * The legacy `muted_topics` block: sent when asked for, unless the client also asked for
 * `user_topic` (then it reads those), as the real server does.
 */
export const mutedTopicsState: StateBlock = {
  eventTypes: ['muted_topics'],
  // `want` of a type nobody names is true only when the client asked for everything.
  selected: (want) => want('muted_topics') && (want('\u0000every type') || !want('user_topic')),
  fetch: (ctx, _params, capabilities) => ({
    muted_topics: mutedTopicsOf(ctx, ctx.user.id, capabilities['empty_topic_name'] === true),
  }),
};

/**
 * Sets the caller's policy for a topic (0 inherit, 1 muted, 2 unmuted, 3 followed) and emits
 * `user_topic` (and the legacy `muted_topics` list, to queues that did not ask for
 * `user_topic`) to the caller.
 */
function setPolicy(ctx: UserContext, streamId: number, topic: string, policy: 0 | 1 | 2 | 3): void {
  const key = topic.toLowerCase();
  const existing = [...ctx.db.all('user_topics')].find(
    (row) => row.user_id === ctx.user.id && row.stream_id === streamId && row.topic_name.toLowerCase() === key,
  );
  const now = Math.floor(ctx.now() / 1000);
  if (existing && existing.visibility_policy === policy) return;
  if (policy === 0) {
    if (existing) ctx.db.delete('user_topics', existing.id);
  } else if (existing) {
    ctx.db.patch('user_topics', existing.id, { visibility_policy: policy, last_updated: now, topic_name: topic });
  } else {
    ctx.db.put('user_topics', {
      id: ctx.db.nextId('user_topics'),
      user_id: ctx.user.id,
      stream_id: streamId,
      topic_name: topic,
      visibility_policy: policy,
      last_updated: now,
    });
  }
  emit(ctx, [ctx.user.id], (queue) => ({
    type: 'user_topic',
    stream_id: streamId,
    topic_name: shownTopic(ctx, topic, queue.has('empty_topic_name')),
    last_updated: now,
    visibility_policy: policy,
  }));
  emit(ctx, [ctx.user.id], (queue) =>
    queue.options.eventTypes !== null && queue.options.eventTypes.includes('user_topic')
      ? null
      : { type: 'muted_topics', muted_topics: mutedTopicsOf(ctx, ctx.user.id, queue.has('empty_topic_name')) },
  );
}

function checkTopic(topic: string): string {
  const trimmed = topic.trim();
  if ([...trimmed].length > MAX_TOPIC_LENGTH)
    throw new ApiError('BAD_REQUEST', `topic is too long (limit: ${MAX_TOPIC_LENGTH} characters)`);
  return trimmed;
}

/**
 * POST /user_topics: mutes, unmutes, follows or resets a topic of a channel the caller can
 * read (FL 170). Setting the policy a topic already has changes nothing.
 */
export function updateUserTopic(params: OperationParams<'userTopics.update'>, ctx: UserContext) {
  const channel = accessChannelById(ctx, ctx.user, params.stream_id, { allowArchived: true });
  const topic = checkTopic(params.topic);
  const topicName = topic === ctx.realm.empty_topic_display_name ? '' : topic;
  setPolicy(ctx, channel.id, topicName, params.visibility_policy);
  return {};
}

/**
 * PATCH /users/me/subscriptions/muted_topics: the deprecated mute/unmute of a topic, by
 * channel name (`stream`) or ID (`stream_id`), with `op` `add` or `remove`.
 */
export function muteTopic(params: OperationParams<'userTopics.muteTopic'>, ctx: UserContext) {
  if ((params.stream === undefined) === (params.stream_id === undefined)) {
    throw new ApiError('BAD_REQUEST', 'Please supply exactly one of stream or stream_id.');
  }
  let streamId = params.stream_id;
  if (params.stream !== undefined) {
    const id = ctx.indexes.channelsByName.get(params.stream.toLowerCase());
    if (id === undefined)
      throw new ApiError('STREAM_DOES_NOT_EXIST', `Channel '${params.stream}' does not exist`, {
        extra: { stream: params.stream },
      });
    streamId = id;
  }
  const channel = accessChannelById(ctx, ctx.user, streamId as number, { allowArchived: true });
  const topic = checkTopic(params.topic);
  const muted = [...ctx.db.all('user_topics')].some(
    (row) =>
      row.user_id === ctx.user.id &&
      row.stream_id === channel.id &&
      row.topic_name.toLowerCase() === topic.toLowerCase() &&
      row.visibility_policy === 1,
  );
  if (params.op === 'add' && muted) throw new ApiError('BAD_REQUEST', 'Topic already muted');
  if (params.op === 'remove' && !muted) throw new ApiError('BAD_REQUEST', 'Topic is not muted');
  setPolicy(ctx, channel.id, topic, params.op === 'add' ? 1 : 0);
  return {};
}
