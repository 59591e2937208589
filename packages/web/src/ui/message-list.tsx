import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { markSeen } from '../state/mark-read.js';
import { list, loadNewer, loadOlder, messages, openNarrow } from '../state/message-list.js';
import { selectedId } from '../state/navigation.js';
import type { Message } from '../state/types.js';
import { conversationKey, MessageRow } from './message-row.js';

/**
 * Rows rendered at most. A narrow may hold tens of thousands of fetched messages; only a
 * window of them is in the DOM (as the real web app's render window), moved as the user
 * scrolls, so a render and a frame stay short whatever the length of the list.
 */
const MAX_ROWS = 240;
/** Rows added to the window at a time. */
const STEP = 40;
/** Rows between the window and the oldest (newest) fetched message below which the next batch is fetched. */
const PREFETCH_ROWS = 150;
/** How close to an edge of the window (px) a scroll moves the window or fetches more. */
const EDGE_PX = 800;
/** The Performance API mark of the first message list painted (bench/web-app.mjs reads it). */
const FIRST_LIST_MARK = 'teamchat:first-list-painted';
/** A sender's consecutive messages share one header unless this far apart (s). */
const GROUP_SECONDS = 10 * 60;

function indexAtOrAfter(ids: readonly number[], id: number): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((ids[mid] as number) < id) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The window of rows around an index. */
function windowAround(length: number, index: number): { start: number; end: number } {
  const start = Math.max(0, Math.min(index - STEP, length - MAX_ROWS));
  return { start, end: Math.min(length, start + MAX_ROWS) };
}

function sameDay(a: Message, b: Message): boolean {
  return new Date(a.timestamp * 1000).toDateString() === new Date(b.timestamp * 1000).toDateString();
}

/** The first message row visible at the top of the scroller, and its offset from the top: kept in place when rows change above it. */
function topAnchor(scroller: HTMLElement): { id: string; offset: number } | null {
  const top = scroller.getBoundingClientRect().top;
  for (const row of scroller.querySelectorAll<HTMLElement>('.message-block')) {
    const box = row.getBoundingClientRect();
    if (box.bottom > top) return { id: row.dataset['messageId'] ?? '', offset: box.top - top };
  }
  return null;
}

/** The message list of the open narrow: a window of rows over the fetched messages. */
export function MessageList() {
  const current = list.value;
  const scroller = useRef<HTMLDivElement>(null);
  // The window, by the IDs of its first and last rows (older messages arriving above do not move
  // it); `atEnd` when it reached the newest fetched message, so new ones join it.
  const [range, setRange] = useState<{ key: string; firstId: number; lastId: number; atEnd: boolean } | null>(null);
  const windowOf = (from: number, to: number) => ({
    key: current?.key ?? '',
    firstId: ids[from] as number,
    lastId: ids[to - 1] as number,
    atEnd: to >= ids.length,
  });
  const anchorRef = useRef<{ id: string; offset: number } | null>(null);
  const stickToBottom = useRef(true);
  /** The key of the list last shown (its first render scrolls to its anchor). */
  const firstRender = useRef<string>('');
  const ids = current?.ids ?? [];

  // A new list (or its first answer): the window around its anchor (the first unread message).
  // (and when a list that was empty gets its first message).
  const key = current
    ? `${current.key}:${current.loading === 'initial' ? 'loading' : 'ready'}:${ids.length === 0 ? 'empty' : 'some'}`
    : '';
  useLayoutEffect(() => {
    if (!current || current.loading === 'initial' || ids.length === 0) {
      setRange(null);
      return;
    }
    const index = current.anchor === null ? ids.length - 1 : indexAtOrAfter(ids, current.anchor);
    const { start, end } = windowAround(ids.length, index);
    setRange(windowOf(start, end));
    stickToBottom.current = index >= ids.length - 1;
    anchorRef.current = null;
  }, [key]);

  // The row at the top of the screen, read before this render changes the DOM: the layout
  // effect below puts it back where it was, whatever changed above it (rows the window took in
  // or dropped, older messages fetched, a row that grew). At the bottom, the list stays there instead.
  const element = scroller.current;
  anchorRef.current =
    element && current && firstRender.current === current.key && !stickToBottom.current ? topAnchor(element) : null;

  let start = 0;
  let end = 0;
  if (range && current && range.key === current.key && ids.length > 0) {
    start = indexAtOrAfter(ids, range.firstId);
    end = indexAtOrAfter(ids, range.lastId);
    if (ids[end] === range.lastId) end += 1;
    // New messages at the end while the window shows the end: they join the window.
    if (range.atEnd) end = ids.length;
    if (end - start > MAX_ROWS && stickToBottom.current) start = end - MAX_ROWS;
  }

  // After each render: keep the row that was at the top in place (rows were added or removed
  // above it), or stay at the bottom; on the first render of a list, show its anchor.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || !current || start === end) return;
    if (firstRender.current !== current.key) {
      // The benchmark reads when the first list of the page was painted (the frame after this one).
      if (firstRender.current === '') requestAnimationFrame(() => performance.mark(FIRST_LIST_MARK));
      firstRender.current = current.key;
      const anchorId = current.anchor;
      const row =
        anchorId === null ? null : element.querySelector<HTMLElement>(`.message-block[data-message-id="${anchorId}"]`);
      if (row && anchorId !== ids.at(-1)) element.scrollTop = Math.max(0, row.offsetTop - element.clientHeight / 3);
      else element.scrollTop = element.scrollHeight;
      return;
    }
    const anchor = anchorRef.current;
    anchorRef.current = null;
    if (anchor) {
      const row = element.querySelector<HTMLElement>(`.message-block[data-message-id="${anchor.id}"]`);
      const moved = row ? row.getBoundingClientRect().top - element.getBoundingClientRect().top - anchor.offset : 0;
      if (Math.abs(moved) >= 1) element.scrollTop += moved;
    } else if (stickToBottom.current) {
      element.scrollTop = element.scrollHeight;
    }
  });

  const visibleUnread = () => {
    const element = scroller.current;
    if (
      !element ||
      document.visibilityState !== 'visible' ||
      !current ||
      current.terms.some((t) => t.operator === 'search')
    )
      return;
    const box = element.getBoundingClientRect();
    const seen: number[] = [];
    for (const row of element.querySelectorAll<HTMLElement>('.message-row.unread')) {
      const rowBox = row.getBoundingClientRect();
      // Seen: its top is on screen, or it fills the screen.
      if (
        (rowBox.top >= box.top && rowBox.top < box.bottom - 8) ||
        (rowBox.top < box.top && rowBox.bottom > box.bottom)
      )
        seen.push(Number(row.dataset['messageId']));
    }
    if (seen.length > 0) markSeen(seen);
  };

  // Mark what is on screen read after each render, and when the page becomes visible.
  useEffect(() => {
    visibleUnread();
  });
  useEffect(() => {
    const onVisible = () => visibleUnread();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  // The selection moved (keys): bring it into the window and into view.
  const selected = selectedId.value;
  useLayoutEffect(() => {
    const element = scroller.current;
    if (selected === null || !element || !current) return;
    const index = ids.indexOf(selected);
    if (index === -1) return;
    if (index < start || index >= end) {
      const around = windowAround(ids.length, index);
      stickToBottom.current = around.end === ids.length && index === ids.length - 1;
      setRange(windowOf(around.start, around.end));
      return;
    }
    element.querySelector(`.message-row[data-message-id="${selected}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [selected, start, end]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element || !current || !range) return;
    const fromBottom = element.scrollHeight - element.scrollTop - element.clientHeight;
    stickToBottom.current = fromBottom < 4 && end === ids.length && current.foundNewest;
    if (element.scrollTop < EDGE_PX) {
      if (start > 0) {
        const newStart = Math.max(0, start - STEP);
        const newEnd = Math.min(end, newStart + MAX_ROWS);
        setRange(windowOf(newStart, newEnd));
      } else if (!current.foundOldest && !current.loading) {
        void loadOlder();
      }
    } else if (fromBottom < EDGE_PX) {
      if (end < ids.length) {
        const newEnd = Math.min(ids.length, end + STEP);
        const newStart = Math.max(start, newEnd - MAX_ROWS);
        setRange(windowOf(newStart, newEnd));
      } else if (!current.foundNewest && !current.loading) {
        void loadNewer();
      }
    }
    visibleUnread();
  };

  // Fetch ahead: while the window is near the oldest (or newest) message fetched so far, the next
  // batch is fetched by anchor, so scrolling reaches rows that are already there.
  useEffect(() => {
    if (!current || current.loading || current.error || !range || ids.length === 0) return;
    if (start < PREFETCH_ROWS && !current.foundOldest) void loadOlder();
    else if (ids.length - end < PREFETCH_ROWS && !current.foundNewest) void loadNewer();
  });

  // Older messages arrived above the window's first row: extend the window up to them (kept in place by the anchor).
  const firstId = ids[0];
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || !current || !range || start === 0 || element.scrollTop >= EDGE_PX) return;
    const newStart = Math.max(0, start - STEP);
    setRange(windowOf(newStart, Math.min(end, newStart + MAX_ROWS)));
  }, [firstId]);

  if (!current) return <div class="message-scroller" />;
  if (current.loading === 'initial') {
    return (
      <div class="message-scroller" data-narrow={current.key} data-loading="initial">
        <p class="list-status" role="status">
          Loading messages…
        </p>
      </div>
    );
  }
  if (current.error && ids.length === 0) {
    return (
      <div class="message-scroller">
        <div class="list-status error" role="alert">
          <p>Could not load the messages: {current.error}</p>
          <button type="button" class="button" onClick={() => void openNarrow(current.terms)}>
            Try again
          </button>
        </div>
      </div>
    );
  }
  const search = current.terms.some((t) => t.operator === 'search');
  const rows = [];
  for (let index = start; index < end; index++) {
    const message = messages.get(ids[index] as number);
    if (!message) continue;
    const previous = index > 0 ? messages.get(ids[index - 1] as number) : undefined;
    const newConversation =
      !previous ||
      index === start ||
      conversationKey(previous) !== conversationKey(message) ||
      !sameDay(previous, message);
    const showSender =
      newConversation ||
      previous?.sender_id !== message.sender_id ||
      message.timestamp - (previous?.timestamp ?? 0) > GROUP_SECONDS;
    rows.push(
      <MessageRow
        key={message.id}
        message={message}
        showRecipient={newConversation}
        showSender={showSender}
        selected={selected === message.id}
        highlight={search}
      />,
    );
  }
  return (
    <div
      class="message-scroller"
      ref={scroller}
      onScroll={onScroll}
      tabIndex={-1}
      aria-label="Messages"
      role="log"
      aria-live="polite"
      aria-relevant="additions"
      data-narrow={current.key}
      data-loading={current.loading ?? ''}
    >
      <div class="message-list-inner">
        {start === 0 && current.foundOldest && (
          <p class="list-edge">{ids.length === 0 ? 'No messages here yet.' : 'The beginning of this conversation.'}</p>
        )}
        {current.loading === 'older' && (
          <p class="list-status" role="status">
            Loading older messages…
          </p>
        )}
        <div class="message-rows">{rows}</div>
        {current.loading === 'newer' && (
          <p class="list-status" role="status">
            Loading newer messages…
          </p>
        )}
        {current.error && (
          <p class="list-status error" role="alert">
            {current.error}
          </p>
        )}
      </div>
    </div>
  );
}
