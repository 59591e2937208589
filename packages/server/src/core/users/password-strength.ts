import type { ServerConfig } from '../config/server-config.js';

type Estimator = (password: string) => number;

/**
 * The most characters zxcvbn reads (zxcvbn-python's `max_length`, 72). Its matching grows
 * steeply with the length: 100 characters took 3 s here and 200 took 20 s, long enough for one
 * request to stall the server, so longer passwords are judged by their first 72 characters.
 */
export const ESTIMATED_LENGTH = 72;
let estimator: Promise<Estimator> | undefined;

/**
 * zxcvbn's guess count for `password`: the estimator the real server uses (its Python port
 * counts alike). Loaded on first use: it carries large word lists.
 */
async function guessesOf(password: string): Promise<number> {
  estimator ??= import('zxcvbn').then((module) => {
    const zxcvbn = ((module as { default?: unknown }).default ?? module) as (password: string) => { guesses: number };
    return (text: string) => zxcvbn(text).guesses;
  });
  // 2 × 72 UTF-16 units hold at least 72 characters: a long password is not split whole.
  return (await estimator)([...password.slice(0, 2 * ESTIMATED_LENGTH)].slice(0, ESTIMATED_LENGTH).join(''));
}

/** The password policy: the real server's `PASSWORD_MIN_LENGTH` and `PASSWORD_MIN_GUESSES`. */
export type PasswordPolicy = Pick<ServerConfig, 'passwordMinLength' | 'passwordMinGuesses'>;

/**
 * Whether `password` is strong enough, as the real server's `check_password_strength` judges:
 * at least `passwordMinLength` characters, not empty, and at least `passwordMinGuesses`
 * guesses by zxcvbn (6 and 10 000 by default; 0 and 0 on a development server, where any
 * non-empty password does).
 */
export async function isStrongPassword(password: string, policy: PasswordPolicy): Promise<boolean> {
  if ([...password].length < policy.passwordMinLength || password === '') return false;
  return policy.passwordMinGuesses <= 0 || (await guessesOf(password)) >= policy.passwordMinGuesses;
}
