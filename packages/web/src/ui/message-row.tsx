import { memo } from 'preact/compat';
import { useState } from 'preact/hooks';
import { client, errorText } from '../api/client.js';
import { dmKey } from '../state/unread-counts.js';
import { openCompose } from '../state/compose.js';
import { editingId, narrowTo, selectedId } from '../state/navigation.js';
import { canDelete, canEdit } from '../state/permissions.js';
import { channelsById, current, me, names, usersById } from '../state/store.js';
import type { Message } from '../state/types.js';
import { dayOf, fullTimeOf, timeOf } from '../util/format.js';
import { Avatar } from './avatar.js';
import { MessageContent } from './message-content.js';
import { MessageEditor } from './message-editor.js';
import { EmojiPicker, Reactions } from './reactions.js';
import { showError } from './toast.js';

/** The other users of a DM (yourself alone for notes to self). */
export function dmOthers(message: Message): number[] {
  const ids = Array.isArray(message.display_recipient) ? message.display_recipient.map((r) => r.id) : [];
  const others = ids.filter((id) => id !== me.value);
  return others.length === 0 ? [me.value] : others;
}

/** The bar above the messages of one conversation: channel › topic, or the DM's users; and the day. */
function RecipientBar({ message }: { message: Message }) {
  const day = dayOf(message.timestamp);
  if (message.type === 'stream') {
    const channelId = message.stream_id ?? 0;
    const channel = channelsById.value.get(channelId);
    const name =
      typeof message.display_recipient === 'string'
        ? message.display_recipient
        : (names.channelName(channelId) ?? 'channel');
    return (
      <div class="recipient-bar" style={{ '--channel-color': channel?.color ?? '#888' }}>
        <a
          class="recipient-channel"
          href="#"
          onClick={(e) => (e.preventDefault(), narrowTo([{ operator: 'channel', operand: channelId }]))}
        >
          # {name}
        </a>
        <span class="recipient-separator" aria-hidden="true">
          ›
        </span>
        <a
          class="recipient-topic"
          href="#"
          onClick={(e) => (
            e.preventDefault(),
            narrowTo([
              { operator: 'channel', operand: channelId },
              { operator: 'topic', operand: message.subject },
            ])
          )}
        >
          {message.subject === '' ? (
            <em>{String(current()['realm_empty_topic_display_name'] ?? 'general chat')}</em>
          ) : (
            message.subject
          )}
        </a>
        <span class="recipient-day">{day}</span>
      </div>
    );
  }
  const others = dmOthers(message);
  const users = usersById.value;
  const label = others.map((id) => users.get(id)?.full_name ?? 'Unknown user').join(', ');
  return (
    <div class="recipient-bar recipient-dm">
      <a
        href="#"
        class="recipient-channel"
        onClick={(e) => (e.preventDefault(), narrowTo([{ operator: 'dm', operand: others }]))}
      >
        You and {label}
      </a>
      <span class="recipient-day">{day}</span>
    </div>
  );
}

interface RowProps {
  message: Message;
  showRecipient: boolean;
  showSender: boolean;
  selected: boolean;
  /** The search's highlighted HTML, when the list is a search. */
  highlight: boolean;
}

/** Actions of a message: react, star, edit, delete; shown on hover and for the selected message. */
function MessageActions({
  message,
  tabIndex,
  onEdit,
  onDelete,
  picking,
  setPicking,
}: {
  message: Message;
  tabIndex: number;
  onEdit: () => void;
  onDelete: () => void;
  picking: boolean;
  setPicking: (open: boolean) => void;
}) {
  const starred = message.flags.includes('starred');
  const toggleStar = async () => {
    try {
      await client.messages.updateFlags({ messages: [message.id], op: starred ? 'remove' : 'add', flag: 'starred' });
    } catch (error) {
      showError(`Could not star the message: ${errorText(error)}`);
    }
  };
  return (
    <div class={`message-actions${picking ? ' open' : ''}`}>
      <button
        type="button"
        class="icon-button"
        tabIndex={tabIndex}
        aria-label="Add a reaction"
        title="Add a reaction"
        aria-expanded={picking}
        onClick={() => setPicking(!picking)}
      >
        ☺︎+
      </button>
      <button
        type="button"
        class={`icon-button${starred ? ' starred' : ''}`}
        tabIndex={tabIndex}
        aria-label={starred ? 'Unstar' : 'Star'}
        aria-pressed={starred}
        title={starred ? 'Unstar' : 'Star'}
        onClick={() => void toggleStar()}
      >
        {starred ? '★' : '☆'}
      </button>
      {canEdit(message) && (
        <button
          type="button"
          class="icon-button"
          tabIndex={tabIndex}
          aria-label="Edit"
          title="Edit (e)"
          onClick={onEdit}
        >
          ✎
        </button>
      )}
      {canDelete(message) && (
        <button
          type="button"
          class="icon-button"
          tabIndex={tabIndex}
          aria-label="Delete"
          title="Delete"
          onClick={onDelete}
        >
          🗑︎
        </button>
      )}
      {picking && <EmojiPicker message={message} onClose={() => setPicking(false)} />}
    </div>
  );
}

function DeleteConfirm({ message, onDone }: { message: Message; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <div class="inline-confirm" role="alertdialog" aria-label="Delete this message?">
      <span>Delete this message?</span>
      <button
        type="button"
        class="button danger"
        disabled={busy}
        ref={(el) => el?.focus()}
        onClick={async () => {
          setBusy(true);
          try {
            await client.messages.delete({ message_id: message.id });
          } catch (error) {
            showError(`Could not delete the message: ${errorText(error)}`);
          }
          onDone();
        }}
      >
        Delete
      </button>
      <button type="button" class="button" onClick={onDone}>
        Cancel
      </button>
    </div>
  );
}

function Row({ message, showRecipient, showSender, selected, highlight }: RowProps) {
  const [confirmDelete, setConfirmDelete] = useState(false);
  // The actions exist only where they can be used (the selected row, the row under the
  // pointer): a long list does not carry four buttons per row.
  const [hovered, setHovered] = useState(false);
  const [picking, setPicking] = useState(false);
  const editing = editingId.value === message.id;
  const mode = editing ? 'edit' : confirmDelete ? 'delete' : 'view';
  const state = current();
  const sender = usersById.value.get(message.sender_id);
  const edited = (message.last_edit_timestamp ?? null) !== null;
  const unread = !message.flags.includes('read');
  const tabIndex = selected ? 0 : -1;
  return (
    <div class={`message-block${picking ? ' raised' : ''}`} data-message-id={message.id}>
      {showRecipient && <RecipientBar message={message} />}
      <div
        class={`message-row${showSender ? ' first' : ''}${selected ? ' selected' : ''}${unread ? ' unread' : ''}${message.flags.some((f) => f.endsWith('mentioned')) ? ' mentioned' : ''}`}
        data-message-id={message.id}
        aria-current={selected ? 'true' : undefined}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('a, button, textarea, input')) return;
          selectedId.value = message.id;
        }}
      >
        <div class="message-gutter">
          {showSender ? (
            <Avatar
              userId={message.sender_id}
              name={message.sender_full_name}
              url={sender?.avatar_url ?? message.avatar_url}
            />
          ) : (
            <span class="message-time-hover">
              {timeOf(message.timestamp, state.user_settings.twenty_four_hour_time)}
            </span>
          )}
        </div>
        <div class="message-main">
          {showSender && (
            <div class="message-header">
              <a
                class="sender-name"
                href="#"
                onClick={(e) => (e.preventDefault(), narrowTo([{ operator: 'sender', operand: message.sender_id }]))}
              >
                {message.sender_full_name}
              </a>
              {sender?.is_bot && <span class="badge">bot</span>}
              <time
                class="message-time"
                dateTime={new Date(message.timestamp * 1000).toISOString()}
                title={fullTimeOf(message.timestamp)}
              >
                {timeOf(message.timestamp, state.user_settings.twenty_four_hour_time)}
              </time>
            </div>
          )}
          {mode === 'edit' ? (
            <MessageEditor message={message} onDone={() => (editingId.value = null)} />
          ) : (
            <div class="message-body">
              <MessageContent html={highlight && message.match_content ? message.match_content : message.content} />
              {edited && (
                <span
                  class="edited"
                  title={message.last_edit_timestamp ? `Edited ${fullTimeOf(message.last_edit_timestamp)}` : 'Edited'}
                >
                  (edited)
                </span>
              )}
            </div>
          )}
          <Reactions message={message} tabIndex={tabIndex} />
          {mode === 'delete' && <DeleteConfirm message={message} onDone={() => setConfirmDelete(false)} />}
        </div>
        {mode === 'view' && (selected || hovered || picking) && (
          <MessageActions
            message={message}
            tabIndex={tabIndex}
            onEdit={() => (editingId.value = message.id)}
            onDelete={() => setConfirmDelete(true)}
            picking={picking}
            setPicking={setPicking}
          />
        )}
      </div>
    </div>
  );
}

/** One message; re-rendered only when its message object, grouping or selection changes. */
export const MessageRow = memo(Row);

/** Replies to a message's conversation (`r`, Enter). */
export function replyTo(message: Message): void {
  if (message.type === 'stream')
    openCompose({ kind: 'stream', channelId: message.stream_id ?? null, topic: message.subject });
  else openCompose({ kind: 'private', to: dmOthers(message) });
}

/** The key of a message's conversation, for grouping rows under one recipient bar. */
export function conversationKey(message: Message): string {
  return message.type === 'stream'
    ? `s:${message.stream_id}:${message.subject.toLowerCase()}`
    : `d:${dmKey(dmOthers(message), me.value)}`;
}
