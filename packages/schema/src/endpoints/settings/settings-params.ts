import { z } from 'zod';
import { REALM_DEFAULT_OVERRIDES, USER_SETTINGS, type UserSettingName } from '../../models/user-settings.js';

type Spec = typeof USER_SETTINGS;
type PersonalName = { [K in UserSettingName]: Spec[K]['personal'] extends true ? K : never }[UserSettingName];
type RealmDefaultName = { [K in UserSettingName]: Spec[K]['realmDefault'] extends true ? K : never }[UserSettingName];
type OptionalShape<K extends UserSettingName> = { [P in K]: z.ZodOptional<Spec[P]['schema']> };

function optionalShape<K extends UserSettingName>(
  pick: (name: UserSettingName) => boolean,
  overrides: Partial<Record<UserSettingName, z.ZodType>> = {},
): OptionalShape<K> {
  const entries = (Object.keys(USER_SETTINGS) as UserSettingName[])
    .filter(pick)
    .map((name) => [name, (overrides[name] ?? USER_SETTINGS[name].schema).optional()]);
  return Object.fromEntries(entries) as OptionalShape<K>;
}

/** The preference parameters of PATCH /settings (column S, and the rows after its cut-off). */
export const personalSettingsShape = optionalShape<PersonalName>((name) => USER_SETTINGS[name].personal);

type Overrides = typeof REALM_DEFAULT_OVERRIDES;
type RealmDefaultShape = Omit<OptionalShape<RealmDefaultName>, keyof Overrides> & {
  [P in keyof Overrides]: z.ZodOptional<Overrides[P]>;
};

/** The parameters of PATCH /realm/user_settings_defaults (column D). */
export const realmDefaultSettingsShape = optionalShape<RealmDefaultName>(
  (name) => USER_SETTINGS[name].realmDefault,
  REALM_DEFAULT_OVERRIDES,
) as unknown as RealmDefaultShape;

/** The parameters of PATCH /settings and its deprecated aliases. */
export const updateSettingsParams = z.object({
  full_name: z.string().optional(),
  email: z.string().optional(),
  old_password: z.string().optional(),
  new_password: z.string().optional(),
  ...personalSettingsShape,
});
/** The answer of PATCH /settings and its aliases: the envelope alone. */
export const updateSettingsResponse = z.looseObject({});
/** The errors of PATCH /settings and its aliases (`Missing 'old_password' argument` with a new password). */
export const updateSettingsErrors = ['BAD_REQUEST', 'REQUEST_VARIABLE_MISSING', 'RATE_LIMIT_HIT'] as const;
