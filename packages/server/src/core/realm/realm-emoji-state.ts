import type { StateBlock } from '../events/state-block.js';
import type { Context } from '../runtime/context.js';

/** The `realm_emoji` block of POST /register: the organization's custom emoji by ID. */
export const realmEmojiState: StateBlock = {
  eventTypes: ['realm_emoji'],
  fetch: (ctx) => ({ realm_emoji: realmEmojiById(ctx) }),
};

type ShownEmoji = {
  id: string;
  name: string;
  source_url: string;
  still_url: string | null;
  deactivated: boolean;
  author_id: number | null;
};

/**
 * Every custom emoji of the organization by ID, deactivated ones included, as the API shows
 * them (the real `RealmEmoji` dict, `still_url` included). `still_url` is null: this server
 * makes no still images of animated emoji, so clients show the image itself.
 */
export function realmEmojiById(ctx: Pick<Context, 'db'>): Record<string, ShownEmoji> {
  const emoji: Record<string, ShownEmoji> = {};
  for (const record of ctx.db.all('realm_emoji')) {
    emoji[String(record.id)] = {
      id: String(record.id),
      name: record.name,
      source_url: record.source_url,
      still_url: null,
      deactivated: record.deactivated,
      author_id: record.author_id,
    };
  }
  return emoji;
}
