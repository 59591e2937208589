import type { StateBlock } from '../events/state-block.js';
import { emit } from '../events/emit.js';
import type { Context, OperationParams, UserContext } from '../runtime/context.js';

/** The user's alert words, in the order they were added. */
function alertWordsOf(ctx: Pick<Context, 'db'>, userId: number): string[] {
  return [...ctx.db.all('alert_words')]
    .filter((row) => row.user_id === userId)
    .sort((a, b) => a.id - b.id)
    .map((row) => row.word);
}

/** The `alert_words` block of POST /register. */
export const alertWordsState: StateBlock = {
  eventTypes: ['alert_words'],
  fetch: (ctx) => ({ alert_words: alertWordsOf(ctx, ctx.user.id) }),
};

function changed(ctx: UserContext): { alert_words: string[] } {
  const words = alertWordsOf(ctx, ctx.user.id);
  emit(ctx, [ctx.user.id], { type: 'alert_words', alert_words: words });
  return { alert_words: words };
}

/** GET /users/me/alert_words: the caller's alert words. */
export function listAlertWords(_params: OperationParams<'alertWords.list'>, ctx: UserContext) {
  return { alert_words: alertWordsOf(ctx, ctx.user.id) };
}

/**
 * POST /users/me/alert_words: adds words (stripped; blanks dropped; a word the caller already
 * has, in any case, is kept once). Answers the whole list; event `alert_words` to the caller.
 */
export function addAlertWords(params: OperationParams<'alertWords.add'>, ctx: UserContext) {
  const existing = new Set(alertWordsOf(ctx, ctx.user.id).map((word) => word.toLowerCase()));
  for (const given of params.alert_words) {
    const word = given.trim();
    if (word === '' || existing.has(word.toLowerCase())) continue;
    existing.add(word.toLowerCase());
    ctx.db.put('alert_words', { id: ctx.db.nextId('alert_words'), user_id: ctx.user.id, word });
  }
  return changed(ctx);
}

/** DELETE /users/me/alert_words: removes words (case-insensitively); unknown ones are ignored. */
export function removeAlertWords(params: OperationParams<'alertWords.remove'>, ctx: UserContext) {
  const doomed = new Set(params.alert_words.map((word) => word.trim().toLowerCase()));
  for (const row of [...ctx.db.all('alert_words')]) {
    if (row.user_id === ctx.user.id && doomed.has(row.word.toLowerCase())) ctx.db.delete('alert_words', row.id);
  }
  return changed(ctx);
}
