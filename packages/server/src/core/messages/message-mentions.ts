import { ApiError } from '@teamchat/schema';
import type { Context } from '../runtime/context.js';
import { mentionFlags, topicParticipantIds, type TopicParticipantsQuery } from '../markdown/mention-flags.js';
import type { RenderedMessage } from '../markdown/render-message.js';

type Ctx = Pick<Context, 'db' | 'indexes' | 'realm' | 'now'>;

/**
 * Where a message is, for its mention flags: a channel message, with the participants of its
 * topic when it uses `@**topic**` (see {@link topicWildcardParticipants}), or a direct message.
 */
export type MentionScope = { kind: 'channel'; topicParticipants: ReadonlySet<number> | undefined } | { kind: 'direct' };

/**
 * The participants of the topic a channel message goes to when it uses `@**topic**`, else
 * undefined. Worked out once per message: the permission check (the wildcard threshold) and
 * the flags both need it, and it walks the whole topic.
 */
export function topicWildcardParticipants(
  ctx: Pick<Context, 'db' | 'indexes'>,
  rendered: RenderedMessage,
  place: TopicParticipantsQuery,
): ReadonlySet<number> | undefined {
  return rendered.mentions.topicWildcard ? topicParticipantIds(ctx, place) : undefined;
}

/**
 * The mention bits of each recipient of a rendered message. Wildcards only mean something
 * in channels: in a direct message they set no flag.
 */
export function recipientMentionBits(
  ctx: Ctx,
  rendered: RenderedMessage,
  recipientIds: Iterable<number>,
  scope: MentionScope,
): Map<number, number> {
  const { mentions } = rendered;
  // Most messages mention no one: no recipient to look at.
  if (
    mentions.userIds.size === 0 &&
    mentions.groupIds.size === 0 &&
    !mentions.streamWildcard &&
    !mentions.topicWildcard
  )
    return new Map();
  if (scope.kind === 'direct')
    return mentionFlags(ctx, { ...mentions, streamWildcard: false, topicWildcard: false }, { recipientIds });
  return mentionFlags(ctx, mentions, {
    recipientIds,
    ...(scope.topicParticipants ? { topicParticipantIds: scope.topicParticipants } : {}),
  });
}

/** Refuses a message that mentions a group its sender may not mention, as the real server does. */
export function checkGroupMentions(ctx: Pick<Context, 'db'>, rendered: RenderedMessage): void {
  for (const groupId of rendered.deniedGroupIds) {
    const name = ctx.db.get('user_groups', groupId)?.name ?? String(groupId);
    throw new ApiError('BAD_REQUEST', `You are not allowed to mention user group '${name}'.`);
  }
}
