import { ApiError, type GroupSettingUpdate, type GroupSettingValue } from '@teamchat/schema';
import type { ModelContext } from './model-context.js';
import type { GroupSettingConfig } from './group-setting-configs.js';
import { canonicalGroupSettingValue, formatGroupSettingValue, parseGroupSettingValue } from './group-setting-value.js';

/**
 * Whether two group-setting values are the same: equal group IDs, or anonymous groups with the
 * same members and subgroups (compared as sets). A group ID never equals an anonymous group.
 */
export function sameGroupSettingValue(a: GroupSettingValue, b: GroupSettingValue): boolean {
  if (typeof a === 'number' || typeof b === 'number') return a === b;
  const sameSet = (x: readonly number[], y: readonly number[]) => {
    const left = new Set(x);
    const right = new Set(y);
    return left.size === right.size && [...left].every((id) => right.has(id));
  };
  return sameSet(a.direct_members, b.direct_members) && sameSet(a.direct_subgroups, b.direct_subgroups);
}

/**
 * Applies a group-setting update `{new, old?}` (PATCH endpoints) to the stored value `current`:
 * returns the validated new value, or null when it equals the current one (a no-op).
 *
 * `old`, when given, must equal the current value as the API shows it (deactivated users left
 * out), otherwise nothing changes and the request fails with `EXPECTATION_MISMATCH`. Both `new`
 * and `old` are canonicalised first, as the real server does.
 *
 * @throws {ApiError} `EXPECTATION_MISMATCH`, and whatever {@link parseGroupSettingValue} throws.
 * @see https://zulip.com/api/group-setting-values
 */
export function resolveGroupSettingUpdate(
  ctx: Pick<ModelContext, 'db'>,
  setting: string,
  update: GroupSettingUpdate,
  options: { config: GroupSettingConfig; current: GroupSettingValue },
): GroupSettingValue | null {
  const currentForApi = formatGroupSettingValue(ctx, options.current);
  if (update.old !== undefined && !sameGroupSettingValue(canonicalGroupSettingValue(ctx, update.old), currentForApi)) {
    throw new ApiError('EXPECTATION_MISMATCH', "'old' value does not match the expected value.");
  }
  if (sameGroupSettingValue(currentForApi, canonicalGroupSettingValue(ctx, update.new))) return null;
  return parseGroupSettingValue(ctx, setting, update.new, options.config);
}
