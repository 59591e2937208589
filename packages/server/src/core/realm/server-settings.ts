import { zulipVersionAt } from '@teamchat/schema';
import { renderMarkdown } from '../markdown/render-markdown.js';
import type { Context, OperationParams } from '../runtime/context.js';
import type { RealmRecord } from '../model/records/realm.js';
import { withJsonText } from '../model/json-text.js';

let lastDescription: { source: string; html: string } | null = null;

/**
 * The organization's description as HTML, rendered once per text: every anonymous client asks
 * for the server settings, and rendering Markdown was most of their cost.
 */
function descriptionHtml(source: string): string {
  if (lastDescription?.source !== source) {
    lastDescription = { source, html: renderMarkdown(source).html };
  }
  return lastDescription.html;
}

/** Authentication methods, all reported (real clients require every key, `ldap` included). */
function authenticationMethods(password: boolean, dev: boolean): Record<string, boolean> {
  return {
    password,
    dev,
    email: password,
    ldap: false,
    remoteuser: false,
    github: false,
    azuread: false,
    gitlab: false,
    apple: false,
    google: false,
    saml: false,
    'openid connect': false,
  };
}

/** What the server settings are made of: the organization record (replaced when it changes) and four settings. */
interface SettingsSource {
  realm: RealmRecord;
  passwordAuthEnabled: boolean;
  devMode: boolean;
  featureLevel: number;
  realmUrl: string;
}

/** The answer last made for each `is_incompatible`, with its JSON text and what it was made from. */
const keptSettings: [
  { source: SettingsSource; answer: object } | null,
  { source: SettingsSource; answer: object } | null,
] = [null, null];

function sameSource(a: SettingsSource, b: SettingsSource): boolean {
  return (
    a.realm === b.realm &&
    a.passwordAuthEnabled === b.passwordAuthEnabled &&
    a.devMode === b.devMode &&
    a.featureLevel === b.featureLevel &&
    a.realmUrl === b.realmUrl
  );
}

/**
 * GET /server_settings: what a client needs before logging in. No authentication; every
 * field real clients require is present (both `realm_uri` and `realm_url`). Every anonymous
 * client asks for it: the answer and its JSON text are kept while what they are made of holds.
 */
export function getServerSettings(_params: OperationParams<'server.getSettings'>, ctx: Context) {
  const { config } = ctx;
  const source: SettingsSource = {
    realm: ctx.realm,
    passwordAuthEnabled: config.passwordAuthEnabled,
    devMode: config.devMode,
    featureLevel: config.featureLevel,
    realmUrl: config.realmUrl,
  };
  const incompatible = ctx.request.userAgent.startsWith('ZulipInvalid');
  const kept = keptSettings[incompatible ? 1 : 0];
  if (kept && sameSource(kept.source, source)) return kept.answer as ReturnType<typeof serverSettings>;
  const answer = Object.freeze(serverSettings(source, incompatible));
  withJsonText(answer, JSON.stringify(answer));
  keptSettings[incompatible ? 1 : 0] = { source, answer };
  return answer;
}

function serverSettings(source: SettingsSource, incompatible: boolean) {
  const { realm, realmUrl } = source;
  return {
    authentication_methods: authenticationMethods(source.passwordAuthEnabled, source.devMode),
    external_authentication_methods: [],
    zulip_feature_level: source.featureLevel,
    zulip_version: zulipVersionAt(source.featureLevel),
    zulip_merge_base: zulipVersionAt(source.featureLevel),
    push_notifications_enabled: false,
    is_incompatible: incompatible,
    email_auth_enabled: source.passwordAuthEnabled,
    require_email_format_usernames: true,
    realm_uri: realmUrl,
    realm_url: realmUrl,
    realm_name: realm.name,
    realm_icon: `${realmUrl}/static/images/logo/teamchat-icon.png`,
    realm_description: descriptionHtml(realm.description),
    realm_web_public_access_enabled: realm.enable_spectator_access,
  };
}
