import { ApiError } from '@teamchat/schema';
import type { Context } from '../context.js';
import { mentionFlags, topicParticipantIds } from '../markdown/mention-flags.js';
import type { RenderedMessage } from '../markdown/render-message.js';

type Ctx = Pick<Context, 'db' | 'indexes' | 'realm' | 'now'>;

/** Where a message is, for its mention flags: a channel topic, or none for direct messages. */
export interface MentionPlace {
  channelId: number;
  topic: string;
}

/**
 * The mention bits of each recipient of a rendered message. Wildcards only mean something
 * in channels: in a direct message they set no flag.
 */
export function recipientMentionBits(ctx: Ctx, rendered: RenderedMessage, recipientIds: Iterable<number>, place: MentionPlace | null, senderId: number): Map<number, number> {
  if (!place) return mentionFlags(ctx, { ...rendered.mentions, streamWildcard: false, topicWildcard: false }, { recipientIds });
  const participants = rendered.mentions.topicWildcard ? topicParticipantIds(ctx, { channelId: place.channelId, topic: place.topic, senderId }) : undefined;
  return mentionFlags(ctx, rendered.mentions, { recipientIds, ...(participants ? { topicParticipantIds: participants } : {}) });
}

/** Refuses a message that mentions a group its sender may not mention, as the real server does. */
export function checkGroupMentions(ctx: Pick<Context, 'db'>, rendered: RenderedMessage): void {
  for (const groupId of rendered.deniedGroupIds) {
    const name = ctx.db.get('user_groups', groupId)?.name ?? String(groupId);
    throw new ApiError('BAD_REQUEST', `You are not allowed to mention user group '${name}'.`);
  }
}
