import type { CodePlayground } from '@teamchat/schema';
import type { Context } from '../runtime/context.js';
import type { PlaygroundRecord } from '../model/records/realm.js';
import { activeUserIds, emit } from '../events/emit.js';
import type { StateBlock } from '../events/state-block.js';

/**
 * A playground as the API shows it: the real server's `pygments_language`, which real clients
 * read, and the spec's name for it, `highlighter_language`.
 *
 * @see https://zulip.com/api/add-code-playground
 */
export function formatPlayground(record: PlaygroundRecord): CodePlayground {
  return {
    id: record.id,
    name: record.name,
    pygments_language: record.pygments_language,
    highlighter_language: record.pygments_language,
    url_template: record.url_template,
  };
}

/** The organization's playgrounds, by ID. */
export function playgroundList(ctx: Pick<Context, 'db'>): CodePlayground[] {
  return [...ctx.db.all('playgrounds')].sort((a, b) => a.id - b.id).map(formatPlayground);
}

/**
 * Sends every active user the new list (`realm_playgrounds` event) after a change.
 *
 * @see https://zulip.com/api/get-events
 */
export function notifyPlaygrounds(ctx: Pick<Context, 'db' | 'events'>): void {
  emit(ctx, activeUserIds(ctx), { type: 'realm_playgrounds', realm_playgrounds: playgroundList(ctx) });
}

/** The `realm_playgrounds` block of POST /register. */
export const playgroundsState: StateBlock = {
  eventTypes: ['realm_playgrounds'],
  fetch(ctx) {
    return { realm_playgrounds: playgroundList(ctx) };
  },
};
