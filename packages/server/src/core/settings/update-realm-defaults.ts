import type { UserSettingName, UserSettings } from '@teamchat/schema';
import { activeUserIds, emit } from '../events/emit.js';
import type { OperationParams, UserContext } from '../runtime/context.js';

/**
 * PATCH /realm/user_settings_defaults: changes the settings accounts created later start
 * with; existing accounts keep theirs. Emits `realm_user_settings_defaults update` per
 * changed setting to everyone.
 */
export function updateRealmDefaults(params: OperationParams<'settings.updateRealmDefaults'>, ctx: UserContext) {
  const defaults = ctx.realm.user_settings_defaults;
  const changes: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== defaults[name as UserSettingName]) changes[name] = value;
  }
  if (Object.keys(changes).length === 0) return {};
  ctx.db.patch('realm', 1, { user_settings_defaults: { ...defaults, ...(changes as Partial<UserSettings>) } });
  for (const [property, value] of Object.entries(changes)) {
    emit(ctx, activeUserIds(ctx), { type: 'realm_user_settings_defaults', op: 'update', property, value });
  }
  return {};
}
