import { describe, expect, it } from 'vitest';
import { ESTIMATED_LENGTH, isStrongPassword } from './password-strength.js';

const policy = { passwordMinLength: 6, passwordMinGuesses: 10_000 };

describe('isStrongPassword', () => {
  it('follows the length and zxcvbn guesses of the policy', async () => {
    expect(await isStrongPassword('abcab', policy)).toBe(false);
    expect(await isStrongPassword('abcabc', policy)).toBe(false);
    expect(await isStrongPassword('Tr0ub4dor&3-staple', policy)).toBe(true);
    expect(await isStrongPassword('abcabc', { passwordMinLength: 0, passwordMinGuesses: 0 })).toBe(true);
  });

  it(`judges a very long password by its first ${ESTIMATED_LENGTH} characters (zxcvbn on all of it took minutes)`, async () => {
    const varied = Array.from({ length: 100_000 }, (_, i) => String.fromCharCode(33 + ((i * 7919) % 90))).join('');
    expect(await isStrongPassword(varied, policy)).toBe(true);
    expect(await isStrongPassword('a'.repeat(100_000), policy)).toBe(false);
  });
});
