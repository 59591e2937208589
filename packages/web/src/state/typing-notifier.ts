import { client } from '../api/client.js';
import { compose } from './compose.js';
import { current } from './store.js';

/**
 * Typing notifications of the compose box, as the real web app sends them: `start` when
 * typing begins and again every `server_typing_started_wait_period_milliseconds` (10 s)
 * while it goes on, `stop` after `server_typing_stopped_wait_period_milliseconds` (5 s)
 * without a key, on send and on close.
 */
let started: { key: string; at: number; params: Record<string, unknown> } | null = null;
let idleTimer: ReturnType<typeof setTimeout> | undefined;

function target(): { key: string; params: Record<string, unknown> } | null {
  const state = compose.value;
  if (state.kind === 'stream') {
    if (state.channelId === null || state.topic.trim() === '') return null;
    return {
      key: `s:${state.channelId}:${state.topic}`,
      params: { type: 'stream', stream_id: state.channelId, topic: state.topic },
    };
  }
  if (state.to.length === 0) return null;
  return { key: `d:${state.to.join(',')}`, params: { type: 'direct', to: [...state.to] } };
}

function send(op: 'start' | 'stop', params: Record<string, unknown>): void {
  void client.typing.setStatus({ ...params, op } as never).catch(() => {});
}

/** The user typed in the compose box. */
export function noteTyping(): void {
  const now = Date.now();
  const next = target();
  const settings = current();
  const wait = (settings['server_typing_started_wait_period_milliseconds'] as number | undefined) ?? 10_000;
  const idle = (settings['server_typing_stopped_wait_period_milliseconds'] as number | undefined) ?? 5_000;
  if (started && (!next || started.key !== next.key)) stopTyping();
  if (!next) return;
  if (!started || now - started.at >= wait) {
    started = { key: next.key, at: now, params: next.params };
    send('start', next.params);
  }
  clearTimeout(idleTimer);
  idleTimer = setTimeout(stopTyping, idle);
}

/** Typing ended (sent, closed, idle). */
export function stopTyping(): void {
  clearTimeout(idleTimer);
  if (started) send('stop', started.params);
  started = null;
}
