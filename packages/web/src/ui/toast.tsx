import { signal } from '@preact/signals';

/** Errors of actions (a failed reaction, edit or upload), shown at the bottom until dismissed. */
const toasts = signal<readonly { id: number; text: string }[]>([]);
let nextId = 1;

export function showError(text: string): void {
  const id = nextId++;
  toasts.value = [...toasts.value, { id, text }].slice(-3);
  setTimeout(() => dismiss(id), 10_000);
}

function dismiss(id: number): void {
  toasts.value = toasts.value.filter((t) => t.id !== id);
}

export function Toasts() {
  if (toasts.value.length === 0) return null;
  return (
    <div class="toasts" role="alert">
      {toasts.value.map((toast) => (
        <div class="toast" key={toast.id}>
          <span>{toast.text}</span>
          <button type="button" class="link-button" onClick={() => dismiss(toast.id)} aria-label="Dismiss">
            ✕
          </button>
        </div>
      ))}
    </div>
  );
}
