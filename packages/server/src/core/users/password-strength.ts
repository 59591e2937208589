/** Shortest password the server accepts. */
export const MIN_PASSWORD_LENGTH = 6;

/**
 * Whether `password` is strong enough: at least six characters, three of them different (a
 * stand-in for the real server's zxcvbn guess count, which rejects `aaaaaa` and `ababab`).
 */
export function isStrongPassword(password: string): boolean {
  return [...password].length >= MIN_PASSWORD_LENGTH && new Set(password).size >= 3;
}
