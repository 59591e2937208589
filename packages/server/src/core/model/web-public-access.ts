import type { ModelContext } from './model-context.js';

/**
 * Whether spectators (visitors without an account) may read this organization: the server
 * setting `WEB_PUBLIC_STREAMS_ENABLED` and the organization's `enable_spectator_access` (the
 * real server's `Realm.web_public_streams_enabled()`). Needed to create web-public channels,
 * for anonymous GET /messages and for anonymous GET /users.
 */
export function isWebPublicAccessEnabled(ctx: Pick<ModelContext, 'realm' | 'config'>): boolean {
  return ctx.config.webPublicStreamsEnabled && ctx.realm.enable_spectator_access;
}
