import { signal } from '@preact/signals';
import { hashOfNarrow, narrowKey, narrowOfHash, type Term } from '../narrow/narrow.js';
import { list, openNarrow } from './message-list.js';
import { names } from './store.js';

/** What the middle of the app shows, from the URL hash. */
export type Route =
  | { readonly kind: 'narrow'; readonly terms: readonly Term[] }
  | { readonly kind: 'settings' }
  | { readonly kind: 'organization' };

function routeOf(hash: string): Route {
  if (hash.startsWith('#settings')) return { kind: 'settings' };
  if (hash.startsWith('#organization')) return { kind: 'organization' };
  return { kind: 'narrow', terms: narrowOfHash(hash) };
}

export const route = signal<Route>(routeOf(location.hash));

/** The message selected by a click or the arrow keys (what `r`, `e` and Enter act on). */
export const selectedId = signal<number | null>(null);

/** The message being edited in place (the edit button, or `e` on the selected message). */
export const editingId = signal<number | null>(null);

/** Whether the left sidebar is shown over the messages (narrow screens, where it is hidden otherwise). */
export const sidebarOpen = signal(false);

/** Follows the hash: opens the narrow it names (once per narrow). */
export function syncRoute(): void {
  const next = routeOf(location.hash);
  route.value = next;
  // A channel, topic or view picked in the sidebar over the messages closes it.
  sidebarOpen.value = false;
  if (next.kind === 'narrow' && list.value?.key !== narrowKey(next.terms)) {
    selectedId.value = null;
    void openNarrow(next.terms);
  }
}

/** Opens a narrow (a new history entry, as the real web app does). */
export function narrowTo(terms: readonly Term[]): void {
  const hash = hashOfNarrow(terms, names);
  if (location.hash === hash) syncRoute();
  else location.hash = hash;
}

/** Opens a view of the app by its hash (`#settings`). */
export function goTo(hash: string): void {
  location.hash = hash;
}
