import { signal } from '@preact/signals';

/** The compose box: closed, or writing to a channel's topic or to users. */
export interface ComposeState {
  readonly open: boolean;
  readonly kind: 'stream' | 'private';
  readonly channelId: number | null;
  readonly topic: string;
  /** DM recipients (user IDs, without yourself unless alone). */
  readonly to: readonly number[];
  readonly content: string;
  readonly error: string | null;
  readonly sending: boolean;
  readonly uploading: number;
  /** Rendered preview HTML while the preview shows. */
  readonly preview: string | null;
  /** Bumped to move the focus: `content` or `topic`/`to`. */
  readonly focus: { readonly field: 'content' | 'topic' | 'to' | 'channel'; readonly n: number };
}

export const compose = signal<ComposeState>({
  open: false,
  kind: 'stream',
  channelId: null,
  topic: '',
  to: [],
  content: '',
  error: null,
  sending: false,
  uploading: 0,
  preview: null,
  focus: { field: 'content', n: 0 },
});

export function updateCompose(change: Partial<ComposeState>): void {
  compose.value = { ...compose.value, ...change };
}

/** Opens the compose box for a conversation (keeping a draft of the same one). */
export function openCompose(
  target: { kind: 'stream'; channelId: number | null; topic: string } | { kind: 'private'; to: readonly number[] },
  field?: ComposeState['focus']['field'],
): void {
  const previous = compose.value;
  const focusField =
    field ??
    (target.kind === 'stream'
      ? target.channelId === null
        ? 'channel'
        : target.topic === ''
          ? 'topic'
          : 'content'
      : target.to.length === 0
        ? 'to'
        : 'content');
  compose.value = {
    ...previous,
    open: true,
    kind: target.kind,
    channelId: target.kind === 'stream' ? target.channelId : previous.channelId,
    topic: target.kind === 'stream' ? target.topic : previous.topic,
    to: target.kind === 'private' ? target.to : previous.to,
    error: null,
    preview: null,
    focus: { field: focusField, n: previous.focus.n + 1 },
  };
}

export function closeCompose(): void {
  updateCompose({ open: false, error: null, preview: null });
}
