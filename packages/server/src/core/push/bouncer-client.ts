import { ApiError } from '@teamchat/schema';
import { randomAlphanumeric } from '../internal/random.js';
import type { Services } from '../runtime/services.js';
import type { PushIdentityRecord } from '../model/records/push.js';
import { realmHost } from '../model/email-visibility.js';

/** What talking to the push bouncer uses: the store (this server's identity), the random source, the settings, outbound HTTP, the log. */
export type BouncerServices = Pick<Services, 'store' | 'random' | 'config' | 'outbound' | 'log'>;

/** What came of a call to the bouncer. */
export type BouncerAnswer =
  | { ok: true; body: Record<string, unknown> }
  /** `connect`: no answer (down, timeout); `server`: a 5xx; `refused`: the bouncer refuses this server (401/403); `rejected`: another 4xx with its code. */
  | {
      ok: false;
      kind: 'connect' | 'server' | 'refused' | 'rejected';
      status: number | null;
      code: string;
      msg: string;
    };

/** A version-4 UUID from the server's random source. */
function uuid(services: Pick<Services, 'random'>): string {
  const hex = [...services.random(16)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16] ?? '0', 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** This server's identity at the bouncer, made (and stored) on first use. */
async function identityOf(services: BouncerServices): Promise<PushIdentityRecord> {
  const existing = services.store.get('push_identity', 1);
  if (existing) return existing;
  return services.store.write(
    (db) =>
      db.get('push_identity', 1) ??
      db.put('push_identity', {
        id: 1,
        zulip_org_id: uuid(services),
        zulip_org_key: randomAlphanumeric(64, services.random),
        realm_uuid: uuid(services),
      }),
  );
}

/** Sends one request to the bouncer (form or JSON body), authenticated as this server. */
async function send(
  services: BouncerServices,
  identity: PushIdentityRecord,
  path: string,
  body: { form?: Record<string, string>; json?: unknown },
): Promise<BouncerAnswer> {
  const url = `${String(services.config.pushBouncerUrl).replace(/\/+$/, '')}/api/v1/${path}`;
  const result = await services.outbound({
    url,
    method: 'POST',
    headers: {
      authorization: `Basic ${btoa(`${identity.zulip_org_id}:${identity.zulip_org_key}`)}`,
      'content-type': body.json !== undefined ? 'application/json' : 'application/x-www-form-urlencoded',
    },
    body: body.json !== undefined ? JSON.stringify(body.json) : new URLSearchParams(body.form).toString(),
    timeoutMs: services.config.pushBouncerTimeoutSecs * 1000,
  });
  if (result.kind !== 'response')
    return {
      ok: false,
      kind: 'connect',
      status: null,
      code: 'FAILED_TO_CONNECT_BOUNCER',
      msg: result.kind === 'timeout' ? 'timeout' : result.message,
    };
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(result.body) as Record<string, unknown>;
  } catch {
    parsed = {};
  }
  if (result.status >= 200 && result.status < 300) return { ok: true, body: parsed };
  const code = typeof parsed['code'] === 'string' ? parsed['code'] : 'BAD_REQUEST';
  const msg = typeof parsed['msg'] === 'string' ? parsed['msg'] : `status ${result.status}`;
  const kind =
    result.status >= 500 ? 'server' : result.status === 401 || result.status === 403 ? 'refused' : 'rejected';
  return { ok: false, kind, status: result.status, code, msg };
}

/** Registrations in progress or done, per store (a request's context is a new object each time). */
const registered = new WeakMap<Services['store'], Promise<BouncerAnswer>>();

/**
 * Registers this server and its organization with the bouncer (the real server's
 * `register_server` and its analytics upload of realms), once per process; a failed attempt
 * is tried again at the next call.
 */
function ensureRegistered(services: BouncerServices, identity: PushIdentityRecord): Promise<BouncerAnswer> {
  let pending = registered.get(services.store);
  if (!pending) {
    pending = (async () => {
      const url = services.config.realmUrl;
      const server = await send(services, identity, 'remotes/server/register', {
        form: {
          zulip_org_id: identity.zulip_org_id,
          zulip_org_key: identity.zulip_org_key,
          hostname: realmHost(url),
          contact_email: `admin@${realmHost(url)}`,
        },
      });
      if (!server.ok) return server;
      const realm = services.store.get('realm', 1);
      return send(services, identity, 'remotes/server/analytics', {
        form: {
          realms: JSON.stringify([
            { id: 1, uuid: identity.realm_uuid, host: realmHost(url), url, name: realm?.name ?? '' },
          ]),
        },
      });
    })();
    registered.set(services.store, pending);
    void pending.then((answer) => {
      if (!answer.ok) registered.delete(services.store);
      else services.log.info('registered with the push bouncer', { bouncer: services.config.pushBouncerUrl });
    });
  }
  return pending;
}

/** Calls the bouncer at `path` as this server (the body made for the organization's UUID), registering first when needed. */
export async function callBouncer(
  services: BouncerServices,
  path: string,
  body: (realmUuid: string) => { form?: Record<string, string>; json?: unknown },
): Promise<BouncerAnswer> {
  const identity = await identityOf(services);
  const registration = await ensureRegistered(services, identity);
  if (!registration.ok) return registration;
  return send(services, identity, path, body(identity.realm_uuid));
}

/**
 * The API error of a failed bouncer call made for a client (the test notification), as the
 * real server maps them.
 */
export function bouncerError(answer: Extract<BouncerAnswer, { ok: false }>): ApiError {
  switch (answer.kind) {
    case 'connect':
      return new ApiError(
        'FAILED_TO_CONNECT_BOUNCER',
        'Network error while connecting to Zulip push notification service.',
      );
    case 'server':
      return new ApiError(
        'INTERNAL_SERVER_ERROR_ON_BOUNCER',
        'Internal server error on Zulip push notification service, retry later.',
      );
    case 'refused':
    case 'rejected':
      return new ApiError(
        'ADMIN_ACTION_REQUIRED',
        'Push notification configuration issue on server, contact the server administrator or retry later.',
      );
  }
}
