import type { StateBlock } from '../events/state-block.js';

/** The `realm_emoji` block of POST /register: the organization's custom emoji by ID. */
export const realmEmojiState: StateBlock = {
  eventTypes: ['realm_emoji'],
  fetch(ctx) {
    const emoji: Record<string, unknown> = {};
    for (const record of ctx.db.all('realm_emoji')) {
      emoji[String(record.id)] = {
        id: String(record.id),
        name: record.name,
        source_url: record.source_url,
        deactivated: record.deactivated,
        author_id: record.author_id,
      };
    }
    return { realm_emoji: emoji };
  },
};
