import type { ModelContext } from './model-context.js';

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * IDs among `userIds` with an alert word in `content`: a case-insensitive match not glued to
 * letters or digits on either side (the real server's rule: words, not parts of words).
 */
export function usersWithAlertWords(
  ctx: Pick<ModelContext, 'db'>,
  content: string,
  userIds: Iterable<number>,
): Set<number> {
  // Made at the first alert word: most organizations have none, and every message asks.
  let wanted: Set<number> | null = null;
  const found = new Set<number>();
  for (const row of ctx.db.all('alert_words')) {
    wanted ??= new Set(userIds);
    if (!wanted.has(row.user_id) || found.has(row.user_id)) continue;
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escape(row.word)}(?![\\p{L}\\p{N}])`, 'iu');
    if (pattern.test(content)) found.add(row.user_id);
  }
  return found;
}
