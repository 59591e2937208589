import { useEffect, useRef, useState } from 'preact/hooks';
import { client, errorText } from '../api/client.js';
import type { Message } from '../state/types.js';

/** Edits a message's content in place: its Markdown source from the server, saved with PATCH /messages/{id}. */
export function MessageEditor({ message, onDone }: { message: Message; onDone: () => void }) {
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    let live = true;
    client.messages
      .get({ message_id: message.id, apply_markdown: false })
      .then((answer) => {
        if (!live) return;
        const raw =
          (answer as { raw_content?: string; message: { content: string } }).raw_content ?? answer.message.content;
        setText(raw);
      })
      .catch((e: unknown) => live && setError(errorText(e)));
    return () => {
      live = false;
    };
  }, [message.id]);

  useEffect(() => {
    if (text !== null && area.current && document.activeElement !== area.current) {
      area.current.focus();
      area.current.setSelectionRange(text.length, text.length);
    }
  }, [text === null]);

  const save = async () => {
    if (text === null) return;
    setSaving(true);
    setError(null);
    try {
      await client.messages.update({ message_id: message.id, content: text });
      onDone();
    } catch (e) {
      setError(errorText(e));
      setSaving(false);
    }
  };

  return (
    <div class="message-editor">
      <label class="visually-hidden" for={`edit-${message.id}`}>
        Edit message
      </label>
      <textarea
        id={`edit-${message.id}`}
        ref={area}
        class="textarea"
        rows={Math.min(10, Math.max(2, (text ?? '').split('\n').length))}
        value={text ?? ''}
        disabled={text === null || saving}
        placeholder={text === null ? 'Loading…' : ''}
        onInput={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onDone();
          } else if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
            e.preventDefault();
            void save();
          }
        }}
      />
      {error && (
        <p class="form-error" role="alert">
          {error}
        </p>
      )}
      <div class="editor-buttons">
        <button type="button" class="button primary" disabled={text === null || saving} onClick={() => void save()}>
          Save
        </button>
        <button type="button" class="button" onClick={onDone}>
          Cancel
        </button>
        <span class="hint">Enter saves, Esc cancels</span>
      </div>
    </div>
  );
}
