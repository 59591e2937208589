import { ApiError, type EditHistoryEntry } from '@teamchat/schema';
import { formatAttachment } from '../attachments/attachment-events.js';
import { accessChannelById, activeSubscriberCount } from '../model/channel-access.js';
import type { OperationParams, UserContext } from '../runtime/context.js';
import type { AttachmentRecord } from '../model/records/attachments.js';
import type { ChannelRecord } from '../model/records/channels.js';
import type { UserRecord } from '../model/records/users.js';
import { hasPermission } from '../model/has-permission.js';
import { isModerator } from '../model/roles.js';
import { applyContentEdit } from './edit-content.js';
import { canAccessMessage, accessMessage } from '../model/message-access.js';
import { checkTopicPolicy, normalizeContent, normalizeTopic } from './message-content.js';
import type { MessageRecord } from '../model/records/messages.js';
import { applyMove, postMoveNotices, type Move } from './move-messages.js';
import { checkCanPost } from './recipients.js';
import { isResolveChange, unresolvedTopic } from '../model/resolved-topic.js';
import { checkWildcardMentions } from './send-message.js';
import type { RenderedMessage } from '../markdown/render-message.js';
import { sha256Hex } from '../internal/sha256.js';

type Params = OperationParams<'messages.update'>;

function checkContentEdit(ctx: UserContext, message: MessageRecord): void {
  if (!ctx.realm.allow_message_editing)
    throw new ApiError('BAD_REQUEST', 'Your organization has turned off message editing');
  if (message.sender_id !== ctx.user.id)
    throw new ApiError('BAD_REQUEST', "You don't have permission to edit this message");
  const limit = ctx.realm.message_content_edit_limit_seconds;
  if (limit !== null && ctx.now() / 1000 - message.timestamp > limit) {
    throw new ApiError('BAD_REQUEST', 'The time limit for editing this message has past');
  }
}

/** The messages a move takes along: just this one, it and later ones of its topic, or the whole topic. */
function messagesToMove(ctx: UserContext, message: MessageRecord, mode: Params['propagate_mode']): MessageRecord[] {
  if (mode === 'change_one' || message.stream_id === null) return [message];
  const ids = ctx.indexes.messages.topic(message.stream_id, message.topic);
  return Array.from(ids)
    .filter((id) => mode === 'change_all' || id >= message.id)
    .map((id) => ctx.db.get('messages', id) as MessageRecord)
    .filter((m) => canAccessMessage(ctx, ctx.user, m));
}

/** Moving out of `from` needs the organization's or the channel's move permission. */
function checkChannelMovePermission(ctx: UserContext, from: ChannelRecord): void {
  const allowed =
    hasPermission(ctx, ctx.user, { realm: ctx.realm }, 'can_move_messages_between_channels_group') ||
    hasPermission(ctx, ctx.user, { channel: from }, 'can_move_messages_out_of_channel_group');
  if (!allowed) throw new ApiError('BAD_REQUEST', "You don't have permission to move this message");
}

/**
 * The permissions of a move whose channel move permission (when the channel changes) was
 * checked already, before the destination was looked up: posting in the destination, and
 * resolving or moving within the channel.
 */
function checkMovePermission(
  ctx: UserContext,
  move: { from: ChannelRecord; to: ChannelRecord; topicChanged: boolean; resolve: boolean },
): void {
  const user = ctx.user;
  if (move.from.id !== move.to.id) checkCanPost(ctx, user, move.to);
  if (move.topicChanged && move.resolve) {
    const allowed =
      hasPermission(ctx, user, { realm: ctx.realm }, 'can_resolve_topics_group') ||
      hasPermission(ctx, user, { channel: move.from }, 'can_resolve_topics_group');
    if (!allowed) throw new ApiError('BAD_REQUEST', "You don't have permission to resolve topics in this channel.");
  } else if (move.topicChanged) {
    const allowed =
      hasPermission(ctx, user, { realm: ctx.realm }, 'can_move_messages_between_topics_group') ||
      hasPermission(ctx, user, { channel: move.from }, 'can_move_messages_within_channel_group');
    if (!allowed) throw new ApiError('BAD_REQUEST', "You don't have permission to edit this message");
  }
}

/** Applies the move time limits to non-moderators (resolving is exempt). */
function checkMoveTimeLimit(
  ctx: UserContext,
  target: MessageRecord,
  moving: MessageRecord[],
  channelChanged: boolean,
  resolve: boolean,
  mode: Params['propagate_mode'],
): void {
  if (isModerator(ctx.user) || (resolve && !channelChanged)) return;
  const limit = channelChanged
    ? ctx.realm.move_messages_between_streams_limit_seconds
    : ctx.realm.move_messages_within_stream_limit_seconds;
  if (limit === null) return;
  const oldest = ctx.now() / 1000 - limit;
  if (target.timestamp < oldest) {
    throw new ApiError(
      'BAD_REQUEST',
      channelChanged
        ? "The time limit for editing this message's channel has passed"
        : "The time limit for editing this message's topic has passed",
    );
  }
  const late = moving.filter((m) => m.timestamp >= oldest);
  if (mode === 'change_all' && late.length < moving.length) {
    throw new ApiError(
      'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
      'You only have permission to move the most recent messages in this topic.',
      {
        extra: {
          first_message_id_allowed_to_move: late[0]?.id ?? null,
          total_messages_in_topic: moving.length,
          total_messages_allowed_to_move: late.length,
        },
      },
    );
  }
}

/**
 * PATCH /messages/{message_id}: edits the content (the sender, within the edit limit) and/or
 * moves the message — and with `propagate_mode` later or all messages of its topic — to
 * another topic or channel, with the organization's and the channel's move permissions and
 * time limits. Every changed message gets an edit-history entry (content changes only on the
 * edited message); resolving a topic is recorded but is not a move.
 *
 * @see https://zulip.com/api/update-message
 */
export function updateMessage(
  params: OperationParams<'messages.update'>,
  ctx: UserContext<'hooks' | 'jobs'> & { prepared: string | null },
) {
  const message = accessMessage(ctx, ctx.user, params.message_id);
  const wantsContent = params.content !== undefined;
  const wantsTopic = params.topic !== undefined;
  const wantsChannel = params.stream_id !== undefined;
  if (!wantsContent && !wantsTopic && !wantsChannel) throw new ApiError('BAD_REQUEST', 'Nothing to change');
  if (wantsContent && wantsChannel)
    throw new ApiError('BAD_REQUEST', 'Cannot change message content while changing channel');
  if (message.type === 'private' && wantsChannel)
    throw new ApiError('BAD_REQUEST', 'Direct messages cannot be moved to channels.');
  if (message.type === 'private' && wantsTopic)
    throw new ApiError('BAD_REQUEST', 'Direct messages cannot have topics.');
  if (!wantsTopic && !wantsChannel && params.propagate_mode !== 'change_one') {
    throw new ApiError('BAD_REQUEST', 'Invalid propagate_mode without topic edit');
  }

  let newContent: string | null = null;
  if (wantsContent) {
    checkContentEdit(ctx, message);
    if (params.prev_content_sha256 !== undefined && ctx.prepared !== params.prev_content_sha256) {
      throw new ApiError('BAD_REQUEST', "'prev_content_sha256' value does not match the expected value.", {
        extra: { var_name: 'prev_content_sha256' },
      });
    }
    // An edit to blank content leaves a placeholder, as the real server does.
    newContent = (params.content ?? '').trim() === '' ? '(deleted)' : normalizeContent(params.content ?? '');
    if (newContent === message.content) newContent = null;
  }

  let move: Move | null = null;
  if (message.stream_id !== null && (wantsTopic || wantsChannel)) {
    const from = ctx.db.get('channels', message.stream_id) as ChannelRecord;
    // Before the destination is looked up: no permission to move out is answered as such,
    // whatever the destination.
    if (wantsChannel && params.stream_id !== from.id) checkChannelMovePermission(ctx, from);
    const to = wantsChannel ? accessChannelById(ctx, ctx.user, params.stream_id ?? 0) : from;
    const topic = wantsTopic ? normalizeTopic(ctx, params.topic ?? '') : message.topic;
    const topicChanged = topic !== message.topic;
    if (topicChanged || to.id !== from.id) {
      const resolve = topicChanged && isResolveChange(message.topic, topic);
      if (resolve && unresolvedTopic(topic) === '')
        throw new ApiError('BAD_REQUEST', 'General chat cannot be marked as resolved');
      checkMovePermission(ctx, { from, to, topicChanged, resolve });
      checkTopicPolicy(ctx, to, topic);
      const moving = messagesToMove(ctx, message, params.propagate_mode);
      checkMoveTimeLimit(ctx, message, moving, to.id !== from.id, resolve, params.propagate_mode);
      move = {
        from,
        to,
        fromTopic: message.topic,
        toTopic: topic,
        messages: moving,
        mode: params.propagate_mode,
        resolve,
      };
    }
  }
  if (newContent === null && move === null) return { detached_uploads: [] };

  const editor: UserRecord = ctx.user;
  const timestamp = Math.floor(ctx.now() / 1000);
  const contentEntry: EditHistoryEntry | null =
    newContent !== null
      ? {
          user_id: editor.id,
          timestamp,
          prev_content: message.content,
          prev_rendered_content: message.rendered_content,
        }
      : null;
  let detachedUploads: AttachmentRecord[] = [];
  if (newContent !== null) {
    const channelId = message.stream_id;
    ({ detachedUploads } = applyContentEdit(ctx, message, newContent, contentEntry as EditHistoryEntry, {
      emitEvent: move === null,
      ...(channelId === null
        ? {}
        : {
            check: (rendered: RenderedMessage, topicParticipants: ReadonlySet<number> | undefined) =>
              checkWildcardMentions(ctx, rendered, {
                subscriberCount: activeSubscriberCount(ctx, channelId),
                topicParticipants,
              }),
          }),
    }));
  }
  if (move) {
    applyMove(ctx, move, { editor, timestamp, target: message.id, contentEntry, contentEdited: newContent !== null });
    postMoveNotices(ctx, move, {
      editor,
      toOld: params.send_notification_to_old_thread,
      toNew: params.send_notification_to_new_thread,
    });
  }
  return { detached_uploads: detachedUploads.map((record) => formatAttachment(ctx, record)) };
}

/**
 * The digest of the content the client edited (Web Crypto is asynchronous): computed
 * before the write lock, checked against the message inside it.
 */
export async function prepareUpdateMessage(
  params: OperationParams<'messages.update'>,
  ctx: UserContext<'hooks' | 'jobs'>,
): Promise<string | null> {
  if (params.prev_content_sha256 === undefined) return null;
  const message = ctx.db.get('messages', params.message_id);
  return message ? sha256Hex(message.content) : null;
}
