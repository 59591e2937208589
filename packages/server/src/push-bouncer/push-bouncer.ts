import { ApiError } from '@teamchat/schema';
import {
  fromBase64,
  generateBoxKeyPair,
  openSealedBox,
  PushRegistrationData,
  toBase64,
  type RandomFill,
} from '@teamchat/schema/push';
import {
  emptyBouncerState,
  type BouncerDevice,
  type BouncerKey,
  type BouncerLegacyDevice,
  type BouncerNotification,
  type BouncerServer,
  type BouncerState,
} from './bouncer-state.js';

/** Options of {@link createPushBouncer}. */
export interface PushBouncerOptions {
  /** A saved state (the binary's data file); a new one otherwise, with one key pair. */
  state?: BouncerState;
  /** Called after every change, with the whole state (to save it). */
  onChange?: (state: BouncerState) => void;
  /** Milliseconds since the epoch. */
  now?: () => number;
  random?: RandomFill;
  /** Registrations older than this are refused with `REQUEST_EXPIRED` (default one day). */
  registrationMaxAgeSecs?: number;
  /** Notifications kept per device (default 100, the oldest go first). */
  notificationsPerDevice?: number;
}

/** A local push bouncer: the server↔bouncer protocol, and a view of what each device received. */
export interface PushBouncer {
  /** The HTTP API (`/api/v1/remotes/…` for servers, `/api/v1/bouncer/…` to inspect it). */
  handle(request: Request): Promise<Response>;
  /** The public keys apps may encrypt registrations to, newest first (retired ones left out). */
  publicKeys(): string[];
  /** Makes a new current key pair; the older ones stay valid until retired. */
  rotateKey(): string;
  /** Stops accepting registrations encrypted to `publicKey`. */
  retireKey(publicKey: string): void;
  devices(): BouncerDevice[];
  /** Device tokens registered the legacy (non-E2EE) way. */
  legacyDevices(): BouncerLegacyDevice[];
  notifications(deviceId: number): BouncerNotification[];
  /** Forgets a server (its organizations and devices): it must register again. */
  forgetServer(uuid: string): void;
  /** Answers the next `times` requests of servers with `status` (a 5xx), as a failing bouncer would. */
  fail(status: number, times: number): void;
  readonly state: BouncerState;
}

const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const success = (fields: Record<string, unknown> = {}): Response => json({ result: 'success', msg: '', ...fields });
const error = (status: number, code: string, msg: string): Response => json({ result: 'error', code, msg }, status);

/** Parameters of a form or JSON body, and of the query string. */
async function paramsOf(request: Request): Promise<Record<string, unknown>> {
  const url = new URL(request.url);
  const params: Record<string, unknown> = Object.fromEntries(url.searchParams);
  if (request.method === 'GET') return params;
  const text = await request.text();
  if ((request.headers.get('content-type') ?? '').includes('application/json')) {
    const parsed: unknown = text === '' ? {} : JSON.parse(text);
    return { ...params, ...(typeof parsed === 'object' && parsed !== null ? parsed : {}) };
  }
  return { ...params, ...Object.fromEntries(new URLSearchParams(text)) };
}

/**
 * A push bouncer that runs locally (the real `zilencer`, without APNs and FCM): chat servers
 * register (`/api/v1/remotes/server/register`, organizations through
 * `/api/v1/remotes/server/analytics`) and authenticate with HTTP basic `uuid:key`; devices
 * register with a sealed box to one of its key pairs (`/api/v1/remotes/push/e2ee/register`,
 * with the real errors: `Organization not registered`, `INVALID_BOUNCER_PUBLIC_KEY`,
 * `Invalid encrypted_push_registration`, `REQUEST_EXPIRED`); `/api/v1/remotes/push/e2ee/notify`
 * records each notification for its device instead of sending it to Google or Apple, so a
 * mobile developer can read exactly what their app would receive. Platform-neutral: the
 * `teamchat-push-bouncer` binary serves it over node:http, the mock runs it in memory.
 *
 * @see https://zulip.com/api/register-push-device
 */
export function createPushBouncer(options: PushBouncerOptions = {}): PushBouncer {
  const state = options.state ?? emptyBouncerState();
  const now = options.now ?? (() => Date.now());
  const random = options.random;
  const maxAge = options.registrationMaxAgeSecs ?? 86_400;
  const perDevice = options.notificationsPerDevice ?? 100;
  let fault: { status: number; times: number } | null = null;
  const seconds = () => Math.floor(now() / 1000);
  const changed = () => options.onChange?.(state);

  const rotateKey = (): string => {
    const pair = generateBoxKeyPair(random);
    const key: BouncerKey = {
      public_key: toBase64(pair.publicKey),
      secret_key: toBase64(pair.secretKey),
      created_at: seconds(),
      retired: false,
    };
    state.keys.unshift(key);
    changed();
    return key.public_key;
  };
  if (state.keys.every((key) => key.retired)) rotateKey();

  const authenticate = (request: Request): BouncerServer => {
    const header = request.headers.get('authorization') ?? '';
    const decoded = header.startsWith('Basic ') ? atob(header.slice(6)) : '';
    const [uuid = '', key = ''] = decoded.split(':');
    const server = state.servers.find((candidate) => candidate.uuid === uuid);
    if (!server)
      throw new ApiError(
        'UNAUTHORIZED',
        `Zulip server auth failure: ${uuid} is not registered -- did you run \`manage.py register_server\`?`,
        { status: 401 },
      );
    if (server.api_key !== key)
      throw new ApiError('UNAUTHORIZED', `Zulip server auth failure: key does not match role ${uuid}`, { status: 401 });
    return server;
  };

  const realmOf = (server: BouncerServer, uuid: unknown) => {
    const realm = state.realms.find((candidate) => candidate.uuid === uuid && candidate.server_uuid === server.uuid);
    if (!realm) throw new ApiError('MISSING_REMOTE_REALM', 'Organization not registered', { status: 403 });
    return realm;
  };

  const registerServer = (params: Record<string, unknown>): Response => {
    const uuid = String(params['zulip_org_id'] ?? '');
    const key = String(params['zulip_org_key'] ?? '');
    if (!/^[0-9a-f-]{36}$/i.test(uuid) || key.length < 32)
      return error(400, 'BAD_REQUEST', 'Invalid zulip_org_id or zulip_org_key');
    const existing = state.servers.find((server) => server.uuid === uuid);
    if (existing && existing.api_key !== key) {
      const newKey = params['new_org_key'];
      if (typeof newKey !== 'string')
        return error(401, 'UNAUTHORIZED', `Zulip server auth failure: key does not match role ${uuid}`);
    }
    const entry: BouncerServer = {
      uuid,
      api_key: typeof params['new_org_key'] === 'string' ? params['new_org_key'] : key,
      hostname: String(params['hostname'] ?? ''),
      contact_email: String(params['contact_email'] ?? ''),
      registered_at: existing?.registered_at ?? seconds(),
    };
    state.servers = [...state.servers.filter((server) => server.uuid !== uuid), entry];
    changed();
    return success({ created: !existing });
  };

  const registerRealms = (server: BouncerServer, params: Record<string, unknown>): Response => {
    const realms: unknown =
      typeof params['realms'] === 'string' ? JSON.parse(params['realms']) : (params['realms'] ?? []);
    if (!Array.isArray(realms)) return error(400, 'BAD_REQUEST', 'Invalid realms');
    for (const realm of realms as Record<string, unknown>[]) {
      const uuid = String(realm['uuid'] ?? '');
      state.realms = state.realms.filter((candidate) => candidate.uuid !== uuid);
      state.realms.push({
        uuid,
        server_uuid: server.uuid,
        host: String(realm['host'] ?? ''),
        name: String(realm['name'] ?? ''),
        url: String(realm['url'] ?? ''),
      });
    }
    changed();
    return success({});
  };

  const registerDevice = (server: BouncerServer, params: Record<string, unknown>): Response => {
    const realm = realmOf(server, params['realm_uuid']);
    const publicKey = String(params['bouncer_public_key'] ?? '');
    const key = state.keys.find((candidate) => candidate.public_key === publicKey && !candidate.retired);
    if (!key) return error(400, 'INVALID_BOUNCER_PUBLIC_KEY', 'Invalid bouncer_public_key');
    const invalid = () => error(400, 'BAD_REQUEST', 'Invalid encrypted_push_registration');
    const box = fromBase64(String(params['encrypted_push_registration'] ?? ''));
    const opened =
      box &&
      openSealedBox(box, {
        publicKey: fromBase64(key.public_key) as Uint8Array,
        secretKey: fromBase64(key.secret_key) as Uint8Array,
      });
    if (!opened) return invalid();
    let data: PushRegistrationData;
    try {
      data = PushRegistrationData.parse(JSON.parse(new TextDecoder().decode(opened)));
    } catch {
      return invalid();
    }
    const iosAppId = data.ios_app_id ?? null;
    if (
      data.token_kind === 'apns'
        ? iosAppId === null || !/^[\w.-]+$/.test(iosAppId) || !/^[0-9a-f]+$/i.test(data.token)
        : iosAppId !== null
    )
      return invalid();
    if (data.timestamp < seconds() - maxAge) return error(400, 'REQUEST_EXPIRED', 'Request expired');
    const pushAccountId = Number(params['push_account_id']);
    if (!Number.isInteger(pushAccountId)) return error(400, 'BAD_REQUEST', 'Invalid push_account_id');
    const same = state.devices.find(
      (device) =>
        device.server_uuid === server.uuid &&
        device.realm_uuid === realm.uuid &&
        device.push_account_id === pushAccountId &&
        device.token === data.token,
    );
    if (same) return success({ device_id: same.device_id });
    const device: BouncerDevice = {
      device_id: state.next_device_id,
      server_uuid: server.uuid,
      realm_uuid: realm.uuid,
      push_account_id: pushAccountId,
      token_kind: data.token_kind,
      token: data.token,
      ios_app_id: iosAppId,
      registered_at: seconds(),
    };
    state.next_device_id += 1;
    state.devices.push(device);
    changed();
    return success({ device_id: device.device_id });
  };

  /** Keeps what a device received, its newest `perDevice` notifications. */
  const record = (
    deviceId: number,
    notification: Pick<BouncerNotification, 'http_headers' | 'fcm_priority' | 'payload'>,
  ): void => {
    state.notifications.push({
      id: state.next_notification_id,
      device_id: deviceId,
      received_at: seconds(),
      ...notification,
    });
    state.next_notification_id += 1;
    const mine = state.notifications.filter((entry) => entry.device_id === deviceId);
    if (mine.length > perDevice) {
      const drop = new Set(mine.slice(0, mine.length - perDevice));
      state.notifications = state.notifications.filter((entry) => !drop.has(entry));
    }
  };

  const notify = (server: BouncerServer, params: Record<string, unknown>): Response => {
    const realm = realmOf(server, params['realm_uuid']);
    const requests = Array.isArray(params['push_requests'])
      ? (params['push_requests'] as Record<string, unknown>[])
      : [];
    const gone: number[] = [];
    let android = 0;
    let apple = 0;
    for (const push of requests) {
      const deviceId = Number(push['device_id']);
      const device = state.devices.find(
        (candidate) => candidate.device_id === deviceId && candidate.realm_uuid === realm.uuid,
      );
      if (!device) {
        gone.push(deviceId);
        continue;
      }
      record(deviceId, {
        http_headers: (push['http_headers'] as Record<string, unknown> | undefined) ?? null,
        fcm_priority: typeof push['fcm_priority'] === 'string' ? push['fcm_priority'] : null,
        payload: (push['payload'] as Record<string, unknown> | undefined) ?? {},
      });
      if (device.token_kind === 'apns') apple += 1;
      else android += 1;
    }
    changed();
    return success({
      android_successfully_sent_count: android,
      apple_successfully_sent_count: apple,
      delete_device_ids: gone,
    });
  };

  const legacyDevices = (): BouncerLegacyDevice[] => (state.legacy_devices ??= []);
  /** The real `validate_bouncer_token_request`: the token, its kind (1 APNs, 2 FCM). */
  const legacyToken = (params: Record<string, unknown>): { token: string; kind: 'apns' | 'fcm' } => {
    const token = String(params['token'] ?? '');
    const kind = Number(params['token_kind']) === 1 ? 'apns' : Number(params['token_kind']) === 2 ? 'fcm' : null;
    if (kind === null) throw new ApiError('BAD_REQUEST', 'Invalid token type');
    if (token === '' || token.length > 4096) throw new ApiError('BAD_REQUEST', 'Empty or invalid length token');
    if (kind === 'apns' && !/^(?:[0-9a-fA-F]{2})+$/.test(token))
      throw new ApiError('BAD_REQUEST', 'Invalid APNS token');
    return { token, kind };
  };
  const sameLegacy =
    (server: BouncerServer, params: Record<string, unknown>, token: string, kind: string) =>
    (device: BouncerLegacyDevice) =>
      device.server_uuid === server.uuid &&
      device.user_id === Number(params['user_id']) &&
      device.token === token &&
      device.token_kind === kind;

  /** `remotes/push/register`: a user's device token (the real `register_remote_push_device`). */
  const registerLegacy = (server: BouncerServer, params: Record<string, unknown>): Response => {
    const { token, kind } = legacyToken(params);
    const iosAppId = typeof params['ios_app_id'] === 'string' ? params['ios_app_id'] : null;
    if (kind === 'apns' && iosAppId === null) return error(400, 'BAD_REQUEST', 'Missing ios_app_id');
    if (!Number.isInteger(Number(params['user_id']))) return error(400, 'BAD_REQUEST', 'Missing user_id or user_uuid');
    const realmUuid = typeof params['realm_uuid'] === 'string' ? realmOf(server, params['realm_uuid']).uuid : null;
    if (legacyDevices().some(sameLegacy(server, params, token, kind))) return success({});
    legacyDevices().push({
      device_id: state.next_device_id,
      server_uuid: server.uuid,
      realm_uuid: realmUuid,
      user_id: Number(params['user_id']),
      token_kind: kind,
      token,
      ios_app_id: iosAppId,
      registered_at: seconds(),
    });
    state.next_device_id += 1;
    changed();
    return success({});
  };

  /** `remotes/push/unregister`: `Token does not exist` when there was none. */
  const unregisterLegacy = (server: BouncerServer, params: Record<string, unknown>): Response => {
    const { token, kind } = legacyToken(params);
    const before = legacyDevices().length;
    state.legacy_devices = legacyDevices().filter((device) => !sameLegacy(server, params, token, kind)(device));
    if (state.legacy_devices.length === before) return error(400, 'BAD_REQUEST', 'Token does not exist');
    changed();
    return success({});
  };

  /**
   * `remotes/push/test_notification`: records the test notification the device would get (the
   * real `send_test_push_notification_directly_to_devices`: APNs `alert`/`sound`/`custom.zulip`,
   * FCM the payload with `time`, high priority); `INVALID_REMOTE_PUSH_DEVICE_TOKEN` for an unknown device.
   */
  const testLegacy = (server: BouncerServer, params: Record<string, unknown>): Response => {
    const { token, kind } = legacyToken(params);
    const device = legacyDevices().find(sameLegacy(server, params, token, kind));
    if (!device) return error(400, 'INVALID_REMOTE_PUSH_DEVICE_TOKEN', 'Device not recognized by the push bouncer');
    const base: Record<string, unknown> = {
      ...((params['base_payload'] as Record<string, unknown> | undefined) ?? {}),
      event: 'test',
    };
    const realmName = String(base['realm_name'] ?? '');
    const realmUrl = String(base['realm_url'] ?? base['realm_uri'] ?? '');
    const payload =
      kind === 'apns'
        ? {
            alert: { title: 'Test notification', body: `This is a test notification from ${realmName} (${realmUrl}).` },
            sound: 'default',
            custom: { zulip: base },
          }
        : { ...base, time: seconds() };
    record(device.device_id, { http_headers: null, fcm_priority: kind === 'fcm' ? 'high' : null, payload });
    changed();
    return success({});
  };

  const forgetServer = (uuid: string): void => {
    const devices = new Set(
      state.devices.filter((device) => device.server_uuid === uuid).map((device) => device.device_id),
    );
    state.servers = state.servers.filter((server) => server.uuid !== uuid);
    state.realms = state.realms.filter((realm) => realm.server_uuid !== uuid);
    for (const device of legacyDevices()) if (device.server_uuid === uuid) devices.add(device.device_id);
    state.devices = state.devices.filter((device) => !devices.has(device.device_id));
    state.legacy_devices = legacyDevices().filter((device) => !devices.has(device.device_id));
    state.notifications = state.notifications.filter((notification) => !devices.has(notification.device_id));
    changed();
  };

  const inspect = (method: string, path: string, params: Record<string, unknown>): Response => {
    if (method === 'GET' && path === 'keys') return success({ public_keys: bouncer.publicKeys() });
    if (method === 'POST' && path === 'keys/rotate') return success({ public_key: rotateKey() });
    if (method === 'POST' && path === 'keys/retire') {
      bouncer.retireKey(String(params['public_key'] ?? ''));
      return success({ public_keys: bouncer.publicKeys() });
    }
    if (method === 'GET' && path === 'devices') return success({ devices: bouncer.devices() });
    if (method === 'GET' && path === 'legacy_devices') return success({ legacy_devices: bouncer.legacyDevices() });
    const notifications = /^devices\/(\d+)\/notifications$/.exec(path);
    if (method === 'GET' && notifications) {
      const id = Number(notifications[1]);
      if (
        !state.devices.some((device) => device.device_id === id) &&
        !legacyDevices().some((device) => device.device_id === id)
      )
        return error(404, 'BAD_REQUEST', `No device ${id}`);
      return success({ notifications: bouncer.notifications(id) });
    }
    const forget = /^servers\/([0-9a-f-]+)\/forget$/i.exec(path);
    if (method === 'POST' && forget) {
      forgetServer(forget[1] ?? '');
      return success({});
    }
    if (method === 'POST' && path === 'fail') {
      bouncer.fail(Number(params['status'] ?? 500), Number(params['times'] ?? 1));
      return success({});
    }
    return error(404, 'BAD_REQUEST', 'Unknown API endpoint');
  };

  const bouncer: PushBouncer = {
    state,
    async handle(request) {
      const path = new URL(request.url).pathname.replace(/\/+$/, '');
      try {
        const params = await paramsOf(request);
        const local = /^\/api\/v1\/bouncer\/(.+)$/.exec(path);
        if (local) return inspect(request.method, local[1] ?? '', params);
        if (fault && fault.times > 0) {
          fault.times -= 1;
          return error(fault.status, 'INTERNAL_SERVER_ERROR', 'Internal server error');
        }
        if (request.method !== 'POST') return error(405, 'BAD_REQUEST', 'Method Not Allowed');
        if (path === '/api/v1/remotes/server/register') return registerServer(params);
        const server = authenticate(request);
        if (path === '/api/v1/remotes/server/analytics') return registerRealms(server, params);
        if (path === '/api/v1/remotes/push/e2ee/register') return registerDevice(server, params);
        if (path === '/api/v1/remotes/push/e2ee/notify') return notify(server, params);
        if (path === '/api/v1/remotes/push/register') return registerLegacy(server, params);
        if (path === '/api/v1/remotes/push/unregister') return unregisterLegacy(server, params);
        if (path === '/api/v1/remotes/push/test_notification') return testLegacy(server, params);
        return error(404, 'BAD_REQUEST', 'Unknown API endpoint');
      } catch (caught) {
        if (caught instanceof ApiError) return error(caught.status, caught.code, caught.msg);
        if (caught instanceof SyntaxError) return error(400, 'BAD_REQUEST', 'Malformed JSON');
        return error(500, 'INTERNAL_SERVER_ERROR', caught instanceof Error ? caught.message : String(caught));
      }
    },
    publicKeys: () => state.keys.filter((key) => !key.retired).map((key) => key.public_key),
    rotateKey,
    retireKey(publicKey) {
      for (const key of state.keys) if (key.public_key === publicKey) key.retired = true;
      if (state.keys.every((key) => key.retired)) rotateKey();
      changed();
    },
    devices: () => state.devices.map((device) => ({ ...device })),
    legacyDevices: () => legacyDevices().map((device) => ({ ...device })),
    notifications: (deviceId) =>
      state.notifications
        .filter((notification) => notification.device_id === deviceId)
        .map((notification) => ({ ...notification })),
    forgetServer,
    fail(status, times) {
      fault = { status, times };
    },
  };
  return bouncer;
}
