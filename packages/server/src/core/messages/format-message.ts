import type { EditHistoryEntry, Message } from '@teamchat/schema';
import type { Context } from '../model/context.js';
import type { UserRecord } from '../model/db.js';
import { topicLinks } from '../markdown/topic-links.js';
import { avatarUrlFor } from '../model/avatar.js';
import { apiEmail } from '../model/email-visibility.js';
import { participantsOf } from '../model/direct-message-groups.js';
import { messageFlags } from '../model/message-flags.js';
import { flagNames, type MessageRecord } from '../model/message-record.js';
import { isResolveChange } from '../model/resolved-topic.js';

type Ctx = Pick<Context, 'db' | 'indexes' | 'realm' | 'config'>;

/** How a message is shown to one viewer. */
export interface FormatOptions {
  /** HTML (`text/html`) or the raw Markdown (`text/x-markdown`). */
  applyMarkdown: boolean;
  clientExtavatar: boolean;
  /** False: the empty topic is shown as the organization's `realm_empty_topic_display_name`. */
  allowEmptyTopicName: boolean;
  /** Include the viewer's `flags` (fetches do; `message` events carry them beside the message). */
  includeFlags: boolean;
}

/** The topic as a client sees it. */
export function displayTopic(ctx: Pick<Context, 'realm'>, topic: string, allowEmptyTopicName: boolean): string {
  return topic === '' && !allowEmptyTopicName ? ctx.realm.empty_topic_display_name : topic;
}

/** The viewer's flag names on `message` (`read` and `historical` when they never received it). */
export function viewerFlags(ctx: Pick<Context, 'db'>, message: MessageRecord, viewer: UserRecord | null): string[] {
  const bits = viewer ? messageFlags(ctx, message.id, viewer.id) : undefined;
  if (bits === undefined) return viewer ? ['read', 'historical'] : ['read'];
  return flagNames(bits);
}

function visibleEditHistory(ctx: Ctx, message: MessageRecord, allowEmptyTopicName: boolean): EditHistoryEntry[] | undefined {
  const policy = ctx.realm.message_edit_history_visibility_policy;
  if (message.edit_history.length === 0 || policy === 3) return undefined;
  const entries = message.edit_history
    .map((entry) => {
      const shown: EditHistoryEntry = { ...entry };
      if (shown.prev_topic !== undefined) shown.prev_topic = displayTopic(ctx, shown.prev_topic, allowEmptyTopicName);
      if (shown.topic !== undefined) shown.topic = displayTopic(ctx, shown.topic, allowEmptyTopicName);
      if (policy === 2) {
        delete shown.prev_content;
        delete shown.prev_rendered_content;
      }
      return shown;
    })
    .filter((entry) => policy !== 2 || entry.prev_topic !== undefined || entry.prev_stream !== undefined);
  return entries.length > 0 ? entries : undefined;
}

/** Whether an edit-history entry moved the message (a channel change or a topic change that is not a resolve/unresolve). */
export function isMove(entry: EditHistoryEntry): boolean {
  if (entry.prev_stream !== undefined) return true;
  if (entry.prev_topic === undefined || entry.topic === undefined) return false;
  return entry.prev_topic !== entry.topic && !isResolveChange(entry.prev_topic, entry.topic);
}

/**
 * The Message object of `message` as `viewer` sees it.
 *
 * @see api-spec.md "Message object"
 */
export function formatMessage(ctx: Ctx, message: MessageRecord, viewer: UserRecord | null, options: FormatOptions): Message {
  const sender = ctx.db.get('users', message.sender_id) as UserRecord;
  const realmUrl = ctx.config.realmUrl;
  const formatted: Message = {
    id: message.id,
    type: message.type,
    sender_id: sender.id,
    sender_email: apiEmail(sender, realmUrl),
    sender_full_name: sender.full_name,
    sender_realm_str: ctx.realm.string_id,
    avatar_url: avatarUrlFor(sender, viewer, { clientExtavatar: options.clientExtavatar, realmUrl }),
    client: message.client,
    content: options.applyMarkdown ? message.rendered_content : message.content,
    content_type: options.applyMarkdown ? 'text/html' : 'text/x-markdown',
    display_recipient: '',
    recipient_id: message.recipient_id,
    // Direct messages have no topic: always "".
    subject: message.type === 'stream' ? displayTopic(ctx, message.topic, options.allowEmptyTopicName) : '',
    is_me_message: message.is_me_message,
    timestamp: message.timestamp,
    reactions: message.reactions.map((r) => ({ ...r })),
    submessages: message.submessages.map((s) => ({ ...s, message_id: message.id })),
    topic_links: message.type === 'stream' ? topicLinks(ctx, message.topic) : [],
  };
  if (message.stream_id !== null) {
    formatted.display_recipient = ctx.db.get('channels', message.stream_id)?.name ?? '';
    formatted.stream_id = message.stream_id;
  } else {
    formatted.display_recipient = participantsOf(ctx, message).map((id) => {
      const user = ctx.db.get('users', id) as UserRecord;
      return { id, email: apiEmail(user, realmUrl), full_name: user.full_name, is_mirror_dummy: false };
    });
  }
  const lastEdit = message.edit_history.find((entry) => entry.prev_content !== undefined);
  const lastMove = message.edit_history.find(isMove);
  if (lastEdit) formatted.last_edit_timestamp = lastEdit.timestamp;
  if (lastMove) formatted.last_moved_timestamp = lastMove.timestamp;
  const history = visibleEditHistory(ctx, message, options.allowEmptyTopicName);
  if (history) formatted.edit_history = history;
  if (options.includeFlags) formatted.flags = viewerFlags(ctx, message, viewer);
  return formatted;
}

