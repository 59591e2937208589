import { signal } from '@preact/signals';

/** Who is typing where: `channel:<id>:<topic>` or `dm:<ids>` → user IDs with their expiry (ms). */
export const typing = signal<ReadonlyMap<string, ReadonlyMap<number, number>>>(new Map());

/** The key of a conversation for {@link typing}. */
export function typingKey(conversation: { channel: number; topic: string } | { dm: readonly number[] }): string {
  return 'dm' in conversation
    ? `dm:${[...conversation.dm].sort((a, b) => a - b).join(',')}`
    : `channel:${conversation.channel}:${conversation.topic.toLowerCase()}`;
}

/** How long a "started" notice lasts without a renewal (the server's expiry period is 15 s). */
const EXPIRY_MS = 15_000;

/** Applies a `typing` event. */
export function applyTyping(event: Record<string, unknown>, me: number): void {
  const sender = (event['sender'] as { user_id: number } | undefined)?.user_id;
  if (sender === undefined || sender === me) return;
  let key: string;
  if (event['message_type'] === 'stream')
    key = typingKey({ channel: event['stream_id'] as number, topic: String(event['topic']) });
  else
    key = typingKey({ dm: ((event['recipients'] as { user_id: number }[] | undefined) ?? []).map((r) => r.user_id) });
  const next = new Map(typing.value);
  const users = new Map(next.get(key) ?? []);
  if (event['op'] === 'start') users.set(sender, Date.now() + EXPIRY_MS);
  else users.delete(sender);
  if (users.size === 0) next.delete(key);
  else next.set(key, users);
  typing.value = next;
}

/** The users typing in a conversation now. */
export function typingIn(key: string): number[] {
  const now = Date.now();
  return [...(typing.value.get(key) ?? [])].filter(([, until]) => until > now).map(([id]) => id);
}
