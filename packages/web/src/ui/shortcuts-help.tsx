import { signal } from '@preact/signals';

const open = signal(false);

export function showShortcuts(): void {
  open.value = true;
}

/** The real web app's keys that this app knows. */
const KEYS: readonly [string, string][] = [
  ['c', 'New conversation in a channel'],
  ['x', 'New direct message'],
  ['r or Enter', 'Reply to the selected message'],
  ['e', 'Edit the selected message'],
  ['↑ ↓ or k j', 'Select the previous or next message'],
  ['Home End', 'First or last message'],
  ['/', 'Search'],
  ['Esc', 'Close the compose box, or go back to the combined feed'],
  ['?', 'This list'],
];

/** The list of keyboard shortcuts (`?`). */
export function ShortcutsHelp() {
  if (!open.value) return null;
  return (
    <div class="overlay" onClick={(e) => e.target === e.currentTarget && (open.value = false)}>
      <div
        class="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="shortcuts-title"
        onKeyDown={(e) => e.key === 'Escape' && (e.stopPropagation(), (open.value = false))}
      >
        <h2 id="shortcuts-title">Keyboard shortcuts</h2>
        <table class="shortcuts">
          <tbody>
            {KEYS.map(([key, what]) => (
              <tr key={key}>
                <th scope="row">
                  <kbd>{key}</kbd>
                </th>
                <td>{what}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <button type="button" class="button primary" ref={(el) => el?.focus()} onClick={() => (open.value = false)}>
          Close
        </button>
      </div>
    </div>
  );
}

export function shortcutsOpen(): boolean {
  return open.value;
}
