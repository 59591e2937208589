import { activeUserIds, emit } from '../events/emit.js';
import type { Context } from '../runtime/context.js';
import { endAllSessions } from '../model/sessions.js';

type Ctx = Pick<Context, 'db' | 'events' | 'realm'>;

/**
 * Deactivates the organization, as the real server's `do_deactivate_realm`: its users stay
 * active (so that reactivating restores them), every authenticated API call is refused, every web session ends, and
 * `realm` `deactivated` goes to every active user, which ends their clients' long polls (the
 * next poll is refused). Answers false when it was deactivated already.
 */
export function deactivateOrganization(ctx: Ctx): boolean {
  if (ctx.realm.deactivated === true) return false;
  ctx.db.patch('realm', 1, { deactivated: true });
  // The real do_deactivate_realm logs everybody out: reactivation brings no session back.
  endAllSessions(ctx.db);
  emit(ctx, activeUserIds(ctx), { type: 'realm', op: 'deactivated', realm_id: ctx.realm.id });
  return true;
}

/**
 * Reactivates a deactivated organization (`do_reactivate_realm`): no event, since no client
 * of it kept a queue. Answers false when it was active.
 */
export function reactivateOrganization(ctx: Pick<Context, 'db' | 'realm'>): boolean {
  if (ctx.realm.deactivated !== true) return false;
  ctx.db.patch('realm', 1, { deactivated: false });
  return true;
}
