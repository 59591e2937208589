/**
 * Whether two strings are equal, in a time that depends on their length only, not on where
 * they differ: for comparing secrets (API keys) without telling an attacker how much matched.
 */
export function constantTimeEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i % (b.length || 1));
  return diff === 0;
}
