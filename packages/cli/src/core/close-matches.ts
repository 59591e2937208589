/** Edit distance (insertions, deletions, substitutions) between `a` and `b`. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * The candidates that look like a misspelling of `input`: within a few edits (about a
 * third of its length), or containing it / contained in it. Only the closest ones (ties in
 * alphabetical order), at most `limit`.
 *
 * @example
 * closeMatches('twenty_four_hour_tim', ['twenty_four_hour_time', 'timezone']) // ['twenty_four_hour_time']
 */
export function closeMatches(input: string, candidates: Iterable<string>, limit = 5): string[] {
  const needle = input.toLowerCase();
  const allowed = Math.max(2, Math.floor(needle.length / 3));
  const scored: { candidate: string; score: number }[] = [];
  for (const candidate of candidates) {
    const hay = candidate.toLowerCase();
    const distance = editDistance(needle, hay);
    if (distance <= allowed) scored.push({ candidate, score: distance });
    else if (needle.length >= 3 && (hay.includes(needle) || needle.includes(hay)))
      scored.push({ candidate, score: allowed + 1 });
  }
  // Only the closest tier: `users.lst` suggests users.list, not users.get as well.
  const best = Math.min(...scored.map((entry) => entry.score));
  return scored
    .filter((entry) => entry.score === best)
    .sort((a, b) => a.candidate.localeCompare(b.candidate))
    .slice(0, limit)
    .map((entry) => entry.candidate);
}

/** `did you mean a, b or c?`, or `undefined` when nothing is close. */
export function didYouMean(input: string, candidates: Iterable<string>): string | undefined {
  const matches = closeMatches(input, candidates);
  if (matches.length === 0) return undefined;
  const last = matches.pop() as string;
  return `did you mean ${matches.length > 0 ? `${matches.join(', ')} or ${last}` : last}?`;
}
