import { client } from '../api/client.js';

const pending = new Set<number>();
const sent = new Set<number>();
let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * Marks messages read as they are seen, in batches (POST /messages/flags). The counts drop
 * when the server's `update_message_flags` event comes back, everywhere at once.
 */
export function markSeen(ids: Iterable<number>): void {
  for (const id of ids) if (!sent.has(id)) pending.add(id);
  if (pending.size === 0 || timer !== undefined) return;
  timer = setTimeout(flush, 200);
}

async function flush(): Promise<void> {
  timer = undefined;
  const ids = [...pending];
  pending.clear();
  for (const id of ids) sent.add(id);
  try {
    await client.messages.updateFlags({ messages: ids, op: 'add', flag: 'read' });
  } catch {
    // Seen again later: they are still unread.
    for (const id of ids) sent.delete(id);
  }
}
