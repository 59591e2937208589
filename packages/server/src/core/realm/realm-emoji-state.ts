import type { StateBlock } from '../events/state-block.js';
import type { Context } from '../runtime/context.js';

/** The `realm_emoji` block of POST /register: the organization's custom emoji by ID. */
export const realmEmojiState: StateBlock = {
  eventTypes: ['realm_emoji'],
  fetch: (ctx) => ({ realm_emoji: realmEmojiById(ctx) }),
};

/** Every custom emoji of the organization by ID, deactivated ones included, as the API shows them. */
export function realmEmojiById(ctx: Pick<Context, 'db'>): Record<string, { id: string; name: string; source_url: string; deactivated: boolean; author_id: number | null }> {
  const emoji: Record<string, { id: string; name: string; source_url: string; deactivated: boolean; author_id: number | null }> = {};
  for (const record of ctx.db.all('realm_emoji')) {
    emoji[String(record.id)] = { id: String(record.id), name: record.name, source_url: record.source_url, deactivated: record.deactivated, author_id: record.author_id };
  }
  return emoji;
}
