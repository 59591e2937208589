import { z } from 'zod';
import { RealmEmoji } from '../endpoints/realm-emoji/realm-emoji-model.js';
import { GroupSettingValue } from '../models/common.js';
import { CodePlayground, Linkifier } from '../models/realm-config.js';
import { RealmExport } from '../models/realm-export.js';
import { defineEvent, defineOpEvent } from './define-event.js';

/** A setting value as events carry it: text, number, boolean, a group setting's value, or null. */
const SettingValue = z.union([GroupSettingValue, z.string(), z.number(), z.boolean(), z.null()]);

/** One organization setting changed: `realm_<property>` of POST /register is now `value`. */
export const RealmUpdateEvent = defineOpEvent('realm', 'update', { property: z.string(), value: SettingValue });

/** Organization settings changed together: `data` holds them (`property` is `default`). */
export const RealmUpdateDictEvent = defineOpEvent('realm', 'update_dict', {
  property: z.string(),
  data: z.record(z.string(), z.unknown()),
});

/** The organization was deactivated: the client should log out. */
export const RealmDeactivatedEvent = defineOpEvent('realm', 'deactivated', { realm_id: z.number().int() });

/** The organization's custom emoji (all of them, by ID). */
export const RealmEmojiUpdateEvent = defineOpEvent('realm_emoji', 'update', {
  realm_emoji: z.record(z.string(), RealmEmoji),
});

/** The organization's linkifiers (all of them, in order). */
export const RealmLinkifiersEvent = defineEvent('realm_linkifiers', { realm_linkifiers: z.array(Linkifier) });

/** Deprecated form of `realm_linkifiers`: `[pattern, url_template, id]`. */
export const RealmFiltersEvent = defineEvent('realm_filters', {
  realm_filters: z.array(z.tuple([z.string(), z.string(), z.number().int()]).rest(z.unknown())),
});

/** The organization's code playgrounds (all of them). */
export const RealmPlaygroundsEvent = defineEvent('realm_playgrounds', { realm_playgrounds: z.array(CodePlayground) });

const RealmDomain = z.looseObject({ domain: z.string(), allow_subdomains: z.boolean() });
/** An email domain was allowed for sign-ups. */
export const RealmDomainsAddEvent = defineOpEvent('realm_domains', 'add', { realm_domain: RealmDomain });
/** An allowed domain now does (or no longer does) allow subdomains. */
export const RealmDomainsChangeEvent = defineOpEvent('realm_domains', 'change', { realm_domain: RealmDomain });
/** An email domain is no longer allowed. */
export const RealmDomainsRemoveEvent = defineOpEvent('realm_domains', 'remove', { domain: z.string() });

/** The organization's data exports changed (all of them, to administrators). */
export const RealmExportEvent = defineEvent('realm_export', { exports: z.array(RealmExport) });

/** A user gave or withdrew consent to export their private data. */
export const RealmExportConsentEvent = defineEvent('realm_export_consent', {
  user_id: z.number().int(),
  consented: z.boolean(),
});

/** A default of the settings of new accounts changed. */
export const RealmUserSettingsDefaultsUpdateEvent = defineOpEvent('realm_user_settings_defaults', 'update', {
  property: z.string(),
  value: z.union([z.string(), z.number(), z.boolean()]),
});

/** The server restarted (a new version): `zulip_feature_level` may have changed. */
export const RestartEvent = defineEvent('restart', {
  zulip_version: z.string(),
  zulip_merge_base: z.string().optional(),
  zulip_feature_level: z.number().int(),
  server_generation: z.number().int(),
});

/** The server asks web clients to reload (`immediate`: now). */
export const WebReloadClientEvent = defineEvent('web_reload_client', { immediate: z.boolean() });
