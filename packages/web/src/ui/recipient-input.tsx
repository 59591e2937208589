import { useState } from 'preact/hooks';
import { me, names, usersById } from '../state/store.js';

/** DM recipients as removable chips, and a field that adds one by name or email (with suggestions). */
export function RecipientInput({
  ids,
  onChange,
  inputRef,
}: {
  ids: readonly number[];
  onChange: (ids: number[]) => void;
  inputRef: (el: HTMLInputElement | null) => void;
}) {
  const [text, setText] = useState('');
  const users = usersById.value;
  const candidates = [...users.values()].filter(
    (u) => u.is_active && u.user_id !== me.value && !ids.includes(u.user_id),
  );
  const add = (value: string): boolean => {
    const trimmed = value.trim().replace(/,$/, '');
    if (trimmed === '') return false;
    const id = names.userId(trimmed.replace(/^.*<(.+)>$/, '$1'));
    if (id === undefined || ids.includes(id)) return false;
    onChange([...ids, id]);
    setText('');
    return true;
  };
  return (
    <div class="recipient-input">
      {ids.map((id) => (
        <span class="chip" key={id}>
          {users.get(id)?.full_name ?? `User ${id}`}
          <button
            type="button"
            class="chip-remove"
            aria-label={`Remove ${users.get(id)?.full_name ?? id}`}
            onClick={() => onChange(ids.filter((other) => other !== id))}
          >
            ✕
          </button>
        </span>
      ))}
      <input
        ref={inputRef}
        class="input chip-input"
        aria-label="Direct message recipients"
        placeholder={ids.length === 0 ? 'Add one or more users' : 'Add another'}
        list="compose-users"
        value={text}
        onInput={(e) => {
          const value = e.currentTarget.value;
          // A choice from the suggestions is a complete "Name <email>".
          if (/<.+>$/.test(value) && add(value)) return;
          setText(value);
        }}
        onKeyDown={(e) => {
          if ((e.key === 'Enter' || e.key === ',' || e.key === 'Tab') && text.trim() !== '') {
            if (add(text)) e.preventDefault();
          } else if (e.key === 'Backspace' && text === '' && ids.length > 0) {
            onChange(ids.slice(0, -1));
          }
        }}
        onBlur={() => add(text)}
      />
      <datalist id="compose-users">
        {candidates.map((u) => (
          <option key={u.user_id} value={`${u.full_name} <${u.email}>`} />
        ))}
      </datalist>
    </div>
  );
}
