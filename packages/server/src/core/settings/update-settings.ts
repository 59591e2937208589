import { ApiError, endpoints, USER_SETTINGS, type EndpointParams, type UserSettingName, type UserSettings } from '@teamchat/schema';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import type { UserContext } from '../context.js';
import { activeUserIds, emit } from '../events/emit.js';
import { implement } from '../implement.js';
import { isAdmin } from '../permissions/roles.js';
import { checkFullName } from '../users/full-name.js';
import { requestEmailChange } from './email-change.js';
import { emitSettingChange } from './setting-events.js';

type Params = EndpointParams<(typeof endpoints)['settings.update']>;

const MIN_PASSWORD_LENGTH = 6;

async function checkPasswordChange(ctx: UserContext, params: Params): Promise<string | null> {
  if (params.new_password === undefined) return null;
  if (params.old_password === undefined) {
    throw new ApiError('REQUEST_VARIABLE_MISSING', "Missing 'old_password' argument", { extra: { var_name: 'old_password' } });
  }
  if (!ctx.config.passwordAuthEnabled) throw new ApiError('BAD_REQUEST', 'Password authentication is disabled in this organization');
  if (!(await verifyPassword(params.old_password, ctx.user.password_hash))) throw new ApiError('BAD_REQUEST', 'Wrong password!');
  if ([...params.new_password].length < MIN_PASSWORD_LENGTH || new Set(params.new_password).size < 3) {
    throw new ApiError('BAD_REQUEST', 'New password is too weak!');
  }
  return hashPassword(params.new_password, ctx.random);
}

/**
 * PATCH /settings (and its deprecated aliases): validates everything first, then applies
 * only what changed, emitting one event per changed setting. Unknown parameters end up in
 * `ignored_parameters_unsupported` (the REST layer).
 *
 * @see api-spec.md "Update settings"
 */
async function updateSettings(params: Params, ctx: UserContext): Promise<Record<string, never>> {
  const user = ctx.user;
  let fullName: string | null = null;
  if (params.full_name !== undefined && params.full_name.trim() !== user.full_name) {
    // Users of organizations that disable name changes are ignored silently, as upstream.
    if (!ctx.realm.name_changes_disabled || isAdmin(user)) fullName = checkFullName(ctx, params.full_name, user.id);
  }
  const passwordHash = await checkPasswordChange(ctx, params);

  const changes: Partial<Record<UserSettingName, unknown>> = {};
  for (const name of Object.keys(USER_SETTINGS) as UserSettingName[]) {
    const value = (params as Record<string, unknown>)[name];
    if (value !== undefined && value !== user.settings[name]) changes[name] = value;
  }

  if (params.email !== undefined) requestEmailChange(ctx, user, params.email);
  if (passwordHash !== null) ctx.db.patch('users', user.id, { password_hash: passwordHash });
  if (fullName !== null) {
    ctx.db.patch('users', user.id, { full_name: fullName });
    emit(ctx, activeUserIds(ctx), { type: 'realm_user', op: 'update', person: { user_id: user.id, full_name: fullName } });
  }
  if (Object.keys(changes).length > 0) {
    const current = ctx.db.get('users', user.id) ?? user;
    ctx.db.patch('users', user.id, { settings: { ...current.settings, ...(changes as Partial<UserSettings>) } });
    for (const [name, value] of Object.entries(changes)) {
      emitSettingChange(ctx, user, name as UserSettingName, value);
      if (name === 'timezone') {
        emit(ctx, activeUserIds(ctx), { type: 'realm_user', op: 'update', person: { user_id: user.id, timezone: value } });
      }
    }
  }
  return {};
}

const handle = (params: Params, ctx: UserContext) => updateSettings(params, ctx);

export const updateSettingsImpl = implement(endpoints['settings.update'], handle);
/** @deprecated alias (FL 80) served by the same handler. */
export const updateDisplaySettingsImpl = implement(endpoints['settings.updateDisplay'], handle);
/** @deprecated alias (FL 80) served by the same handler. */
export const updateNotificationSettingsImpl = implement(endpoints['settings.updateNotifications'], handle);
