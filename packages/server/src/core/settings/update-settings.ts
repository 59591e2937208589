import { ApiError, USER_SETTINGS, type UserSettingName, type UserSettings } from '@teamchat/schema';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import type { OperationParams, UserContext } from '../runtime/context.js';
import { activeUserIds, emit } from '../events/emit.js';
import { isAdmin } from '../model/roles.js';
import { endSessionsOf } from '../model/sessions.js';
import { apiEmail } from '../model/email-visibility.js';
import { humanAdminIds } from '../model/bot-administrators.js';
import { emitEmailChanges } from '../users/email-events.js';
import { changeFullName, checkFullName } from '../users/full-name.js';
import { requestEmailChange } from '../users/email-change.js';
import { isStrongPassword } from '../users/password-strength.js';
import { emitSettingChange } from '../events/setting-events.js';

type Params = OperationParams<'settings.update'>;

/**
 * Checks a password change and hashes the new password (the prepare step, outside the write
 * lock): null when no change was asked for.
 */
export async function checkPasswordChange(params: Params, ctx: UserContext): Promise<string | null> {
  if (params.new_password === undefined) return null;
  if (params.old_password === undefined) {
    throw new ApiError('REQUEST_VARIABLE_MISSING', "Missing 'old_password' argument", {
      extra: { var_name: 'old_password' },
    });
  }
  if (!ctx.config.passwordAuthEnabled)
    throw new ApiError('BAD_REQUEST', 'Password authentication is disabled in this organization');
  if (!(await verifyPassword(params.old_password, ctx.user.password_hash)))
    throw new ApiError('BAD_REQUEST', 'Wrong password!');
  if (!(await isStrongPassword(params.new_password, ctx.config)))
    throw new ApiError('BAD_REQUEST', 'New password is too weak!');
  return hashPassword(params.new_password, ctx.random);
}

/** The new full name, or null when none is to be set (unchanged, blank, or changes disabled). */
function checkNameChange(ctx: UserContext, raw: string | undefined): string | null {
  const user = ctx.user;
  // Blank and unchanged names are ignored silently, as are the names of users of
  // organizations that disable name changes (administrators excepted), as upstream.
  if (raw === undefined || raw.trim() === '' || raw.trim() === user.full_name) return null;
  if (ctx.realm.name_changes_disabled && !isAdmin(user)) return null;
  return checkFullName(ctx, raw, user.id);
}

/**
 * PATCH /settings (and its deprecated aliases): checks the account changes in the real
 * server's order (password, email, name), applies only the settings that change, and emits
 * one event per changed setting. A bad value of a setting fails decoding before anything
 * runs, and any error rolls the whole request back. Unknown parameters end up in
 * `ignored_parameters_unsupported` (the REST layer).
 *
 * @see https://zulip.com/api/update-settings
 * @see https://zulip.com/api/update-settings
 */
export function updateSettings(params: Params, ctx: UserContext & { prepared: string | null }): Record<string, never> {
  const user = ctx.user;
  const passwordHash = ctx.prepared;
  if (passwordHash !== null) {
    ctx.db.patch('users', user.id, { password_hash: passwordHash });
    // Other web sessions end; the one that changed it stays (Django's `update_session_auth_hash`).
    endSessionsOf(ctx.db, user.id, ctx.request.session?.id);
  }
  if (params.email !== undefined) requestEmailChange(ctx, user, params.email);
  const fullName = checkNameChange(ctx, params.full_name);
  if (fullName !== null) changeFullName(ctx, user, fullName);

  const changes: Partial<Record<UserSettingName, unknown>> = {};
  for (const name of Object.keys(USER_SETTINGS) as UserSettingName[]) {
    const value = (params as Record<string, unknown>)[name];
    if (value !== undefined && value !== user.settings[name]) changes[name] = value;
  }
  if (Object.keys(changes).length === 0) return {};
  const before = ctx.db.get('users', user.id) ?? user;
  const after = ctx.db.patch('users', user.id, {
    settings: { ...before.settings, ...(changes as Partial<UserSettings>) },
  });
  for (const [name, value] of Object.entries(changes)) {
    emitSettingChange(ctx, user, name as UserSettingName, value);
    if (name === 'timezone') {
      // The real do_change_user_setting: the API address, the ID and the zone.
      emit(ctx, activeUserIds(ctx), {
        type: 'realm_user',
        op: 'update',
        person: { email: apiEmail(after, ctx.config.realmUrl), user_id: user.id, timezone: value },
      });
    }
    if (name === 'email_address_visibility') emitEmailChanges(ctx, before, after);
    if (name === 'allow_private_data_export') {
      // Administrators follow consents to data exports (FL 312).
      emit(ctx, humanAdminIds(ctx), { type: 'realm_export_consent', user_id: user.id, consented: value });
    }
  }
  return {};
}
