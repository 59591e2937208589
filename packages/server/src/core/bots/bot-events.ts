import { emit } from '../events/emit.js';
import { botAdministratorIds } from '../model/bot-administrators.js';
import type { Context } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';

/** `realm_bot update` with `fields` of `bot`, to those who administer it (or to `to`). */
export function emitBotUpdate(
  ctx: Pick<Context, 'db' | 'events'>,
  bot: UserRecord,
  fields: Record<string, unknown>,
  to?: Iterable<number>,
): void {
  emit(ctx, to ?? botAdministratorIds(ctx, bot), {
    type: 'realm_bot',
    op: 'update',
    bot: { user_id: bot.id, ...fields },
  });
}
