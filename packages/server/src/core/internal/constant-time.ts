/**
 * Whether two strings are equal, in a time that depends on the length of `known` only, never
 * on where they first differ (for secrets: API keys).
 */
export function constantTimeEqual(known: string, given: string): boolean {
  let difference = known.length ^ given.length;
  for (let i = 0; i < known.length; i += 1) difference |= known.charCodeAt(i) ^ (given.charCodeAt(i) | 0);
  return difference === 0;
}
