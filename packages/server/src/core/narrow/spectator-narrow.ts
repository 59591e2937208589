import { ApiError } from '@teamchat/schema';
import { NOT_LOGGED_IN } from '../auth/authenticate.js';
import type { Context } from '../runtime/context.js';
import { isWebPublicAccessEnabled } from '../model/web-public-access.js';
import type { NarrowParameter } from './normalize-narrow.js';

/** Operators a spectator (no credentials) may use. */
const SPECTATOR_OPERATORS = new Set([
  'channel',
  'stream',
  'channels',
  'streams',
  'topic',
  'sender',
  'has',
  'search',
  'near',
  'id',
  'with',
]);

/**
 * Checks an unauthenticated GET /messages: the server and the organization must allow
 * spectators, and the narrow must hold a positive `channels:web-public` and only spectator
 * operators (`in:home` is dropped first). Returns the narrow to use.
 *
 * @throws {ApiError} `UNAUTHORIZED` (401) otherwise, as for a request without credentials.
 * @see https://zulip.com/api/get-messages (unauthenticated web-public fetch)
 */
export function checkSpectatorNarrow(
  ctx: Pick<Context, 'realm' | 'config'>,
  terms: readonly NarrowParameter[],
): NarrowParameter[] {
  const unauthorized = () => new ApiError('UNAUTHORIZED', NOT_LOGGED_IN);
  if (!isWebPublicAccessEnabled(ctx)) throw unauthorized();
  const cleaned = terms.filter((term) => !(term.operator === 'in' && term.operand === 'home' && !term.negated));
  const webPublic = cleaned.some(
    (term) =>
      (term.operator === 'channels' || term.operator === 'streams') && term.operand === 'web-public' && !term.negated,
  );
  if (!webPublic || !cleaned.every((term) => SPECTATOR_OPERATORS.has(term.operator))) throw unauthorized();
  return cleaned;
}
