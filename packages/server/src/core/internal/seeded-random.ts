import type { RandomBytes } from './random.js';

/**
 * Deterministic bytes from a 32-bit seed (mulberry32): the mock's fixtures (API keys,
 * passwords, queue IDs) come out the same in every run. Never for real credentials.
 */
export function seededRandomBytes(seed: number): RandomBytes {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) & 0xff;
  };
  return (length) => Uint8Array.from({ length }, next);
}
