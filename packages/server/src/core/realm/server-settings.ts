import { zulipVersionAt } from '@teamchat/schema';
import { renderMarkdown } from '../markdown/render-markdown.js';
import type { Context, OperationParams } from '../runtime/context.js';

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

/**
 * GET /server_settings: what a client needs before logging in. No authentication; every
 * field real clients require is present (both `realm_uri` and `realm_url`).
 */
export function getServerSettings(_params: OperationParams<'server.getSettings'>, ctx: Context) {
  return {
    authentication_methods: authenticationMethods(ctx.config.passwordAuthEnabled, ctx.config.devMode),
    external_authentication_methods: [],
    zulip_feature_level: ctx.config.featureLevel,
    zulip_version: zulipVersionAt(ctx.config.featureLevel),
    zulip_merge_base: zulipVersionAt(ctx.config.featureLevel),
    push_notifications_enabled: false,
    is_incompatible: ctx.request.userAgent.startsWith('ZulipInvalid'),
    email_auth_enabled: ctx.config.passwordAuthEnabled,
    require_email_format_usernames: true,
    realm_uri: ctx.config.realmUrl,
    realm_url: ctx.config.realmUrl,
    realm_name: ctx.realm.name,
    realm_icon: `${ctx.config.realmUrl}/static/images/logo/teamchat-icon.png`,
    realm_description: descriptionHtml(ctx.realm.description),
    realm_web_public_access_enabled: ctx.realm.enable_spectator_access,
  };
}
