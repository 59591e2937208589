import { useEffect, useRef, useState } from 'preact/hooks';
import { parseSearch, searchOfNarrow } from '../narrow/search-syntax.js';
import { narrowTo, route } from '../state/navigation.js';
import { names } from '../state/store.js';

/** Moves the focus to the search box (the `/` key). */
export const searchFocus = { current: null as HTMLInputElement | null };

/** The search box: the real narrow syntax (`channel:general topic:deploys has:link is:starred sender:… dm:… text`). */
export function SearchBox() {
  const r = route.value;
  const shown = r.kind === 'narrow' ? searchOfNarrow(r.terms, names) : '';
  const [text, setText] = useState(shown);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => setText(shown), [shown]);
  useEffect(() => {
    searchFocus.current = input.current;
  }, []);
  return (
    <form
      class="search"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        narrowTo(parseSearch(text, names));
        input.current?.blur();
      }}
    >
      <label class="visually-hidden" for="search-input">
        Search messages
      </label>
      <span class="search-icon" aria-hidden="true">
        ⌕
      </span>
      <input
        id="search-input"
        ref={input}
        class="input search-input"
        type="search"
        placeholder="Search (channel: topic: dm: sender: has:link is:starred is:unread …)"
        autocomplete="off"
        value={text}
        onInput={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            setText(shown);
            input.current?.blur();
          }
        }}
      />
    </form>
  );
}
