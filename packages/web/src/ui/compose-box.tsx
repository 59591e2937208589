import { useEffect, useRef, useState } from 'preact/hooks';
import { client, errorText } from '../api/client.js';
import { channelOf, dmOf, topicOf } from '../narrow/narrow.js';
import { closeCompose, compose, openCompose, updateCompose } from '../state/compose.js';
import { route } from '../state/navigation.js';
import { channelsById, current, me } from '../state/store.js';
import { noteTyping, stopTyping } from '../state/typing-notifier.js';
import { uploadFiles } from '../state/uploads.js';
import { MessageContent } from './message-content.js';
import { RecipientInput } from './recipient-input.js';

/** Files of a drop or a paste. */
function filesOf(transfer: DataTransfer | null): File[] {
  return transfer ? [...transfer.files] : [];
}

/** Where the closed compose box's buttons write: the open narrow's conversation. */
function narrowTarget(): Parameters<typeof openCompose>[0] | null {
  const r = route.value;
  if (r.kind !== 'narrow') return null;
  const channel = channelOf(r.terms);
  if (channel !== undefined) return { kind: 'stream', channelId: channel, topic: topicOf(r.terms) ?? '' };
  const dm = dmOf(r.terms);
  return dm ? { kind: 'private', to: dm.filter((id) => id !== me.value) } : null;
}

/** Opens the compose box as `c` does: a new topic in the open channel. */
export function composeNewTopic(): void {
  const target = narrowTarget();
  openCompose({
    kind: 'stream',
    channelId:
      target?.kind === 'stream'
        ? target.channelId
        : (compose.value.channelId ?? current().subscriptions[0]?.stream_id ?? null),
    topic: target?.kind === 'stream' ? target.topic : '',
  });
}

/** Opens the compose box as `x` does: a direct message, to the open DM's users if any. */
export function composeDirect(): void {
  const target = narrowTarget();
  openCompose({ kind: 'private', to: target?.kind === 'private' ? target.to : [] });
}

/** Sends what the compose box holds. */
async function send(): Promise<void> {
  const state = compose.value;
  if (state.sending || state.uploading > 0) return;
  const content = state.content;
  if (content.trim() === '') {
    updateCompose({ error: 'Write a message first.' });
    return;
  }
  let params: Record<string, unknown>;
  if (state.kind === 'stream') {
    if (state.channelId === null) return updateCompose({ error: 'Choose a channel.' });
    params = { type: 'stream', to: state.channelId, topic: state.topic, content, read_by_sender: true };
  } else {
    if (state.to.length === 0) return updateCompose({ error: 'Choose who to send the message to.' });
    params = { type: 'direct', to: [...state.to], content, read_by_sender: true };
  }
  updateCompose({ sending: true, error: null });
  // What the user sends they have read (the real web app's messages are; API clients' are not by default).
  stopTyping();
  try {
    await client.messages.send(params as never);
    updateCompose({ sending: false, content: '', preview: null });
  } catch (error) {
    updateCompose({ sending: false, error: errorText(error) });
  }
}

async function togglePreview(): Promise<void> {
  const state = compose.value;
  if (state.preview !== null) return updateCompose({ preview: null });
  if (state.content.trim() === '') return updateCompose({ preview: '<p><em>Nothing to preview.</em></p>' });
  try {
    const answer = await client.messages.render({ content: state.content });
    updateCompose({ preview: answer.rendered, error: null });
  } catch (error) {
    updateCompose({ error: `Preview failed: ${errorText(error)}` });
  }
}

/** The compose box at the bottom of the message list. */
export function ComposeBox() {
  const state = compose.value;
  const channels = current().subscriptions;
  const content = useRef<HTMLTextAreaElement>(null);
  const topic = useRef<HTMLInputElement>(null);
  const channel = useRef<HTMLSelectElement>(null);
  const to = useRef<HTMLInputElement | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    if (!state.open) return;
    const target =
      { content: content.current, topic: topic.current, channel: channel.current, to: to.current }[state.focus.field] ??
      content.current;
    target?.focus();
  }, [state.open, state.focus.n]);

  if (!state.open) {
    const target = narrowTarget();
    const channelName =
      target?.kind === 'stream' && target.channelId !== null
        ? channelsById.value.get(target.channelId)?.name
        : undefined;
    return (
      <div class="compose-closed">
        {target?.kind === 'stream' && channelName !== undefined && target.topic !== '' ? (
          <button type="button" class="compose-reply" onClick={() => openCompose(target)}>
            Message #{channelName} › {target.topic}
          </button>
        ) : target?.kind === 'private' ? (
          <button type="button" class="compose-reply" onClick={() => openCompose(target)}>
            Write a direct message
          </button>
        ) : (
          <span class="compose-hint">
            Select a message and press <kbd>r</kbd> to reply.
          </span>
        )}
        <button type="button" class="button" onClick={composeNewTopic} title="New topic (c)">
          Start new conversation
        </button>
        <button type="button" class="button" onClick={composeDirect} title="New direct message (x)">
          New direct message
        </button>
      </div>
    );
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      stopTyping();
      closeCompose();
    }
  };

  return (
    <form
      class={`compose${dragging ? ' dragging' : ''}`}
      aria-label="Compose a message"
      onSubmit={(e) => (e.preventDefault(), void send())}
      onKeyDown={onKeyDown}
      onDragOver={(e) => {
        if (e.dataTransfer?.types.includes('Files')) {
          e.preventDefault();
          setDragging(true);
        }
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        const files = filesOf(e.dataTransfer);
        setDragging(false);
        if (files.length === 0) return;
        e.preventDefault();
        void uploadFiles(files, content.current?.selectionStart);
      }}
    >
      <div class="compose-target">
        <div class="segmented" role="group" aria-label="Message type">
          <button
            type="button"
            class={state.kind === 'stream' ? 'active' : ''}
            aria-pressed={state.kind === 'stream'}
            onClick={() =>
              openCompose({
                kind: 'stream',
                channelId: state.channelId ?? channels[0]?.stream_id ?? null,
                topic: state.topic,
              })
            }
          >
            Channel
          </button>
          <button
            type="button"
            class={state.kind === 'private' ? 'active' : ''}
            aria-pressed={state.kind === 'private'}
            onClick={() => openCompose({ kind: 'private', to: state.to })}
          >
            Direct
          </button>
        </div>
        {state.kind === 'stream' ? (
          <>
            <select
              ref={channel}
              class="select"
              aria-label="Channel"
              value={state.channelId === null ? '' : String(state.channelId)}
              onChange={(e) =>
                updateCompose({ channelId: e.currentTarget.value === '' ? null : Number(e.currentTarget.value) })
              }
            >
              <option value="">Choose a channel</option>
              {channels.map((c) => (
                <option key={c.stream_id} value={String(c.stream_id)}>
                  # {c.name}
                </option>
              ))}
            </select>
            <span class="recipient-separator" aria-hidden="true">
              ›
            </span>
            <input
              ref={topic}
              class="input topic-input"
              aria-label="Topic"
              placeholder="Topic"
              maxLength={60}
              value={state.topic}
              onInput={(e) => updateCompose({ topic: e.currentTarget.value })}
            />
          </>
        ) : (
          <RecipientInput
            ids={state.to}
            onChange={(ids) => updateCompose({ to: ids })}
            inputRef={(el) => (to.current = el)}
          />
        )}
        <button
          type="button"
          class="icon-button compose-close"
          aria-label="Close the compose box (Esc)"
          title="Close (Esc)"
          onClick={() => (stopTyping(), closeCompose())}
        >
          ✕
        </button>
      </div>
      {state.preview !== null ? (
        <div class="compose-preview" aria-label="Preview">
          <MessageContent html={state.preview} />
        </div>
      ) : (
        <textarea
          ref={content}
          class="textarea compose-content"
          aria-label="Message"
          placeholder={
            state.kind === 'stream'
              ? 'Message (Markdown; Enter sends, Shift+Enter adds a line)'
              : 'Direct message (Enter sends)'
          }
          rows={3}
          value={state.content}
          onInput={(e) => {
            updateCompose({ content: e.currentTarget.value, error: null });
            noteTyping();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.ctrlKey && !e.altKey && !e.isComposing) {
              e.preventDefault();
              void send();
            }
          }}
          onPaste={(e) => {
            const files = filesOf(e.clipboardData);
            if (files.length === 0) return;
            e.preventDefault();
            void uploadFiles(files, content.current?.selectionStart);
          }}
        />
      )}
      {state.error && (
        <p class="form-error" role="alert">
          {state.error}
        </p>
      )}
      <div class="compose-buttons">
        <input
          ref={fileInput}
          type="file"
          multiple
          class="visually-hidden"
          id="compose-file"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => {
            const files = [...(e.currentTarget.files ?? [])];
            e.currentTarget.value = '';
            void uploadFiles(files, content.current?.selectionStart);
          }}
        />
        <button
          type="button"
          class="button"
          onClick={() => fileInput.current?.click()}
          title="Upload files (or drop or paste them)"
        >
          Attach files
        </button>
        <button type="button" class="button" aria-pressed={state.preview !== null} onClick={() => void togglePreview()}>
          {state.preview !== null ? 'Edit' : 'Preview'}
        </button>
        {state.uploading > 0 && <span class="hint">Uploading…</span>}
        <span class="spacer" />
        <button type="submit" class="button primary" disabled={state.sending || state.uploading > 0}>
          {state.sending ? 'Sending…' : 'Send'}
        </button>
      </div>
    </form>
  );
}
