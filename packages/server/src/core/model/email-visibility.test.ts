import { describe, expect, it } from 'vitest';
import type { UserRecord } from './records/users.js';
import { apiEmail, canSeeRealEmail, roleMaySeeEmail, userIdOfDummyEmail } from './email-visibility.js';

function user(id: number, role: UserRecord['role'], visibility: number, isBot = false): UserRecord {
  return {
    id,
    role,
    is_bot: isBot,
    email: `u${id}@example.com`,
    settings: { email_address_visibility: visibility },
  } as unknown as UserRecord;
}

describe('email visibility', () => {
  it('follows the role table of the real server', () => {
    const table = ([100, 200, 300, 400, 600] as const).map((role) =>
      [1, 2, 3, 4, 5].map((v) => roleMaySeeEmail(role, v)),
    );
    expect(table).toEqual([
      [true, true, true, false, true],
      [true, true, true, false, true],
      [true, true, false, false, true],
      [true, true, false, false, false],
      [true, false, false, false, false],
    ]);
  });

  it('lets users see their own and bots addresses, and spectators none', () => {
    const hidden = user(5, 400, 4);
    expect(canSeeRealEmail(hidden, hidden)).toBe(true);
    expect(canSeeRealEmail(user(1, 100, 1), hidden)).toBe(false);
    expect(canSeeRealEmail(user(6, 600, 1), user(7, 400, 4, true))).toBe(true);
    expect(canSeeRealEmail(null, user(7, 400, 1, true))).toBe(false);
  });

  it('uses the dummy address unless the address is public, whoever looks', () => {
    expect(apiEmail(user(5, 400, 2), 'http://chat.example.com:9991')).toBe('user5@chat.example.com');
    expect(apiEmail(user(5, 400, 1), 'http://chat.example.com')).toBe('u5@example.com');
  });

  it('reads the user ID of a dummy address of this organization only', () => {
    expect(userIdOfDummyEmail('User12@chat.example.com', 'http://chat.example.com')).toBe(12);
    expect(userIdOfDummyEmail('user12@other.example.com', 'http://chat.example.com')).toBeNull();
    expect(userIdOfDummyEmail('user12@chatXexample.com', 'http://chat.example.com')).toBeNull();
    // Only as dummyEmail writes it: no leading zeros.
    expect(userIdOfDummyEmail('user012@chat.example.com', 'http://chat.example.com')).toBeNull();
  });
});
