import { closeCompose, compose, openCompose } from '../state/compose.js';
import { list } from '../state/message-list.js';
import { editingId, route, selectedId } from '../state/navigation.js';
import { canEdit } from '../state/permissions.js';
import { messages } from '../state/message-list.js';
import { stopTyping } from '../state/typing-notifier.js';
import { composeDirect, composeNewTopic } from './compose-box.js';
import { replyTo } from './message-row.js';
import { searchFocus } from './search-box.js';
import { showShortcuts, shortcutsOpen } from './shortcuts-help.js';

function typingInField(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return !!element && (element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName));
}

/** Moves the selection by `delta` messages (or to the first/last), starting from the newest. */
function moveSelection(delta: number | 'first' | 'last'): void {
  const ids = list.value?.ids ?? [];
  if (ids.length === 0) return;
  const at = selectedId.value === null ? -1 : ids.indexOf(selectedId.value);
  let next: number;
  if (delta === 'first') next = 0;
  else if (delta === 'last' || at === -1) next = ids.length - 1;
  else next = Math.max(0, Math.min(ids.length - 1, at + delta));
  selectedId.value = ids[next] ?? null;
}

/**
 * The real web app's keys (https://zulip.com/help/keyboard-shortcuts): `c` new topic, `x`
 * new DM, `r`/Enter reply, `R` reply to the sender, `e` edit, arrows and `j`/`k` move the
 * selection, Home/End, `/` search, `?` the list, Esc closes the compose box or goes back to
 * the combined feed. Keys typed into a field stay there.
 */
export function onGlobalKey(event: KeyboardEvent): void {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || shortcutsOpen()) return;
  if (typingInField(event.target)) return;
  const onControl = (event.target as HTMLElement | null)?.closest?.('button, a, summary, [role="menuitem"]') != null;
  const selected = selectedId.value === null ? undefined : messages.get(selectedId.value);
  const act = (action: () => void) => {
    event.preventDefault();
    action();
  };
  switch (event.key) {
    case 'c':
      return act(composeNewTopic);
    case 'x':
      return act(composeDirect);
    case 'r':
    case 'Enter':
      if (event.key === 'Enter' && onControl) return;
      if (selected) act(() => replyTo(selected));
      return;
    case 'R':
      if (selected) act(() => openCompose({ kind: 'private', to: [selected.sender_id] }));
      return;
    case 'e':
      if (selected && canEdit(selected)) act(() => (editingId.value = selected.id));
      return;
    case 'ArrowUp':
    case 'k':
      return act(() => moveSelection(-1));
    case 'ArrowDown':
    case 'j':
      return act(() => moveSelection(1));
    case 'Home':
      return act(() => moveSelection('first'));
    case 'End':
      return act(() => moveSelection('last'));
    case '/':
      return act(() => searchFocus.current?.focus());
    case '?':
      return act(showShortcuts);
    case 'Escape':
      if (compose.value.open) return act(() => (stopTyping(), closeCompose()));
      if (editingId.value !== null) return act(() => (editingId.value = null));
      if (route.value.kind !== 'narrow' || route.value.terms.length > 0) return act(() => (location.hash = '#feed'));
      return;
    default:
      return;
  }
}
