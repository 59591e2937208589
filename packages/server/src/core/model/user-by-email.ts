import type { ModelContext } from './model-context.js';
import type { UserRecord } from './records/users.js';
import { apiEmail, userIdOfDummyEmail } from './email-visibility.js';

/**
 * Which addresses name a user, besides its API address (`email` of user objects: the real
 * address when visible to everyone and for bots, else the dummy `user{id}@{host}`), which
 * always does.
 */
export interface EmailForms {
  /**
   * The real (delivery) address: `true` always (sending direct messages), `false` only where
   * it is the API address, or a test of the target for "when the caller may see it".
   */
  realAddress: boolean | ((target: UserRecord) => boolean);
  /** The dummy address also names users whose API address is their real one. */
  anyDummyAddress: boolean;
}

/**
 * The user (deactivated ones included) an email address names, compared case-insensitively
 * after trimming, in the forms `forms` admits: the real address through the email index, the
 * dummy address by the ID inside it. A real address is tried first.
 *
 * @example
 * userByEmail(ctx, operand, { realAddress: false, anyDummyAddress: false }); // the API address only (narrow operands)
 * userByEmail(ctx, entry, { realAddress: true, anyDummyAddress: true }); // any address of the user (direct-message recipients)
 * @see https://zulip.com/api/get-user
 */
export function userByEmail(
  ctx: Pick<ModelContext, 'db' | 'indexes' | 'config'>,
  email: string,
  forms: EmailForms,
): UserRecord | undefined {
  const address = email.trim().toLowerCase();
  const realmUrl = ctx.config.realmUrl;
  const isApiAddress = (user: UserRecord) => apiEmail(user, realmUrl).toLowerCase() === address;
  const byRealAddress = ctx.indexes.usersByEmail.get(address);
  if (byRealAddress) {
    const { realAddress } = forms;
    if (
      realAddress === true ||
      isApiAddress(byRealAddress) ||
      (typeof realAddress === 'function' && realAddress(byRealAddress))
    )
      return byRealAddress;
  }
  const dummyId = userIdOfDummyEmail(address, realmUrl);
  const byDummyAddress = dummyId === null ? undefined : ctx.db.get('users', dummyId);
  if (byDummyAddress && (forms.anyDummyAddress || isApiAddress(byDummyAddress))) return byDummyAddress;
  return undefined;
}
