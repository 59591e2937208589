import type { Context } from '../runtime/context.js';
import { FLAG_BITS } from '../model/records/messages.js';
import { isUserInGroupSetting } from '../model/group-membership.js';
import type { MessageMentions } from './render-message.js';

/** Who a message goes to, for {@link mentionFlags}. */
export interface MentionFlagOptions {
  /** Users who get the message (a row of per-user flags each). */
  recipientIds: Iterable<number>;
  /** Participants of the message's topic (see {@link topicParticipantIds}); `@**topic**` flags only them. */
  topicParticipantIds?: ReadonlySet<number>;
}

/**
 * The mention flag bits of each recipient: `mentioned` for users mentioned directly or
 * through a mentioned group (members of its subgroups included), `stream_wildcard_mentioned`
 * for everyone when a channel wildcard was used, otherwise `topic_wildcard_mentioned` for
 * topic participants when `@**topic**` was. Recipients without any bit are left out.
 *
 * @see https://zulip.com/api/update-message-flags
 */
export function mentionFlags(
  ctx: Pick<Context, 'db' | 'realm' | 'now'>,
  mentions: MessageMentions,
  options: MentionFlagOptions,
): Map<number, number> {
  const flags = new Map<number, number>();
  const membership = { realm: ctx.realm, now: ctx.now() };
  for (const userId of options.recipientIds) {
    let bits = 0;
    const user = ctx.db.get('users', userId);
    const inMentionedGroup =
      user !== undefined &&
      [...mentions.groupIds].some((groupId) => isUserInGroupSetting(ctx.db, user, groupId, membership));
    if (mentions.userIds.has(userId) || inMentionedGroup) bits |= FLAG_BITS.mentioned;
    // A channel wildcard takes precedence: both wildcards set only the channel flag.
    if (mentions.streamWildcard) bits |= FLAG_BITS.stream_wildcard_mentioned;
    else if (mentions.topicWildcard && options.topicParticipantIds?.has(userId))
      bits |= FLAG_BITS.topic_wildcard_mentioned;
    if (bits !== 0) flags.set(userId, bits);
  }
  return flags;
}

/** A topic and the sender of a new message in it. */
export interface TopicParticipantsQuery {
  channelId: number;
  topic: string;
  senderId: number;
}

/**
 * The participants of a topic for `@**topic**`: senders of its messages and users who
 * reacted to them, plus the sender of the new message.
 */
export function topicParticipantIds(
  ctx: Pick<Context, 'indexes'>,
  { channelId, topic, senderId }: TopicParticipantsQuery,
): Set<number> {
  const participants = new Set<number>(ctx.indexes.messages.topicParticipants(channelId, topic));
  participants.add(senderId);
  return participants;
}
