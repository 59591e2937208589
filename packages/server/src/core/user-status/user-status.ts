import { ApiError } from '@teamchat/schema';
import type { StateBlock } from '../events/state-block.js';
import { emitSettingChange, emitUserStatus } from '../events/setting-events.js';
import { resolveEmoji } from '../messages/reactions.js';
import type { OperationParams, UserContext } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import type { UserStatusRecord } from '../model/records/personal.js';
import { accessUserById } from '../model/user-access.js';

const MAX_STATUS_TEXT_LENGTH = 60;

/**
 * A user's status as the API shows it: `away` (the inverse of `presence_enabled`, FL 148) when
 * true, the text and emoji when set; `{}` for none.
 */
function formatStatus(user: UserRecord, status: UserStatusRecord | undefined): Record<string, unknown> {
  const shown: Record<string, unknown> = {};
  if (user.settings.presence_enabled === false) shown['away'] = true;
  if (status && status.status_text !== '') shown['status_text'] = status.status_text;
  if (status && status.emoji_name !== '') {
    shown['emoji_name'] = status.emoji_name;
    shown['emoji_code'] = status.emoji_code;
    shown['reaction_type'] = status.reaction_type;
  }
  return shown;
}

/** The `user_status` block: the status of every active user who has one, by user ID. */
export const userStatusState: StateBlock = {
  eventTypes: ['user_status'],
  fetch(ctx) {
    const statuses: Record<string, unknown> = {};
    for (const user of ctx.db.all('users')) {
      if (!user.is_active) continue;
      const shown = formatStatus(user, ctx.db.get('user_status', user.id));
      if (Object.keys(shown).length > 0) statuses[String(user.id)] = shown;
    }
    return { user_status: statuses };
  },
};

interface StatusChange {
  status_text?: string | undefined;
  emoji_name?: string | undefined;
  emoji_code?: string | undefined;
  reaction_type?: string | undefined;
}

/** Applies a status change of `user` (the caller's own or, for an administrator, anyone's). */
function changeStatus(ctx: UserContext, user: UserRecord, params: StatusChange, away?: boolean): void {
  const text = params.status_text?.trim();
  if (text !== undefined && [...text].length > MAX_STATUS_TEXT_LENGTH) {
    throw new ApiError('BAD_REQUEST', `status_text is too long (limit: ${MAX_STATUS_TEXT_LENGTH} characters)`);
  }
  if (away === undefined && text === undefined && params.emoji_name === undefined) {
    throw new ApiError('BAD_REQUEST', 'Client did not pass any new values.');
  }
  const previous = ctx.db.get('user_status', user.id) ?? {
    id: user.id,
    status_text: '',
    emoji_name: '',
    emoji_code: '',
    reaction_type: 'unicode_emoji' as const,
  };
  const next: UserStatusRecord = { ...previous };
  // One event with every field the call set, in the real do_update_user_status's order.
  const changes: Record<string, unknown> = away === undefined ? {} : { away };
  if (text !== undefined) {
    next.status_text = text;
    changes['status_text'] = text;
  }
  if (params.emoji_name !== undefined) {
    if (params.emoji_name === '') {
      Object.assign(next, { emoji_name: '', emoji_code: '', reaction_type: 'unicode_emoji' });
    } else {
      const emoji = resolveEmoji(ctx, {
        emoji_name: params.emoji_name,
        emoji_code: params.emoji_code,
        reaction_type: params.reaction_type,
      });
      Object.assign(next, { emoji_name: params.emoji_name, emoji_code: emoji.code, reaction_type: emoji.type });
    }
    Object.assign(changes, {
      emoji_name: next.emoji_name,
      emoji_code: next.emoji_code,
      reaction_type: next.reaction_type,
    });
  }
  if (away !== undefined && user.settings.presence_enabled !== !away) {
    ctx.db.patch('users', user.id, { settings: { ...user.settings, presence_enabled: !away } });
    // Its `away` is in this call's one `user_status` event.
    emitSettingChange(ctx, user, 'presence_enabled', !away, { statusEvent: false });
  }
  ctx.db.put('user_status', next);
  if (Object.keys(changes).length > 0) emitUserStatus(ctx, user, changes);
}

/**
 * POST /users/me/status: sets the caller's status text and emoji (an empty string clears
 * them); the deprecated `away` turns presence sharing off (`presence_enabled`). Event
 * `user_status` to everyone with what was passed.
 */
export function updateOwnStatus(params: OperationParams<'users.updateStatus'>, ctx: UserContext) {
  changeStatus(ctx, ctx.user, params, params.away);
  return {};
}

/** POST /users/{user_id}/status: an administrator changes another user's status text and emoji (FL 407). */
export function updateStatusOf(params: OperationParams<'users.updateStatusOf'>, ctx: UserContext) {
  const user = accessUserById(ctx, ctx.user, params.user_id, { forAdmin: true, allowBots: true });
  changeStatus(ctx, user, params);
  return {};
}

/** GET /users/{user_id}/status: a user's status (FL 262), `{}` when they set none. */
export function getUserStatus(params: OperationParams<'users.getStatus'>, ctx: UserContext) {
  const user = accessUserById(ctx, ctx.user, params.user_id, {
    forAdmin: false,
    allowBots: true,
    allowDeactivated: true,
  });
  return { status: formatStatus(user, ctx.db.get('user_status', user.id)) };
}
