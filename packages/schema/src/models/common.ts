import { z } from 'zod';

/**
 * An enum of response values that tolerates values added by newer servers: typed as the
 * known values plus `string & {}`, so editors still complete the known ones and an unknown
 * value never fails response validation.
 */
export function openEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.union([z.enum(values), z.string()]) as unknown as z.ZodType<T[number] | (string & {})>;
}

/** UNIX timestamp in seconds. */
export const Timestamp = z.number().int();

/** A user ID. */
export const UserId = z.number().int().positive();

/**
 * A group-setting value: the ID of a user group, or an anonymous group given by its direct
 * members and direct subgroups.
 *
 * @see https://zulip.com/api/group-setting-values
 */
export const GroupSettingValue = z.union([
  z.number().int(),
  z.strictObject({
    direct_members: z.array(z.number().int()),
    direct_subgroups: z.array(z.number().int()),
  }),
]);
export type GroupSettingValue = z.infer<typeof GroupSettingValue>;

/**
 * A change of a group setting on an existing object (PATCH endpoints): the `new` value and,
 * optionally, the value the client believes is current. When `old` does not match the
 * current value (compared as sets) the request fails with `EXPECTATION_MISMATCH`.
 * Creation endpoints take a plain {@link GroupSettingValue} instead.
 *
 * @see https://zulip.com/api/group-setting-values
 */
export const GroupSettingUpdate = z.strictObject({
  new: GroupSettingValue,
  old: GroupSettingValue.optional(),
});
export type GroupSettingUpdate = z.infer<typeof GroupSettingUpdate>;

/** Role values: 100 owner, 200 administrator, 300 moderator, 400 member, 600 guest. */
export const ROLES = { owner: 100, administrator: 200, moderator: 300, member: 400, guest: 600 } as const;
export const Role = z.literal([100, 200, 300, 400, 600]);
export type Role = z.infer<typeof Role>;
