import { ApiError } from '@teamchat/schema';
import type { OperationParams, UserContext } from '../runtime/context.js';
import type { Services } from '../runtime/services.js';
import type { PushDeviceTokenRecord } from '../model/records/push.js';
import { bouncerError, callBouncer, type BouncerAnswer } from './bouncer-client.js';

type Kind = PushDeviceTokenRecord['kind'];
/** The real server's `PushDeviceToken.APNS` and `.FCM`, as the bouncer's `token_kind`. */
const TOKEN_KIND: Record<Kind, number> = { apns: 1, fcm: 2 };

/** The real `validate_token`: `Empty or invalid length token`; APNs tokens are hex (`Invalid APNS token`). */
function validateToken(token: string, kind: Kind): void {
  if (token === '' || token.length > 4096) throw new ApiError('BAD_REQUEST', 'Empty or invalid length token');
  if (kind === 'apns' && !/^(?:[0-9a-fA-F]{2})+$/.test(token)) throw new ApiError('BAD_REQUEST', 'Invalid APNS token');
}

/**
 * The error a client gets for a failed bouncer call about device tokens, as the real
 * `send_to_push_bouncer` raises them: the bouncer's own message for a request it rejected
 * (`Token does not exist`), `INVALID_REMOTE_PUSH_DEVICE_TOKEN` for a device it does not know,
 * connection and server failures as the E2EE calls report them.
 */
function tokenCallError(answer: Extract<BouncerAnswer, { ok: false }>): ApiError {
  if (answer.kind !== 'rejected') return bouncerError(answer);
  if (answer.code === 'INVALID_REMOTE_PUSH_DEVICE_TOKEN')
    return new ApiError('INVALID_REMOTE_PUSH_DEVICE_TOKEN', 'Device not recognized by the push bouncer');
  return new ApiError('BAD_REQUEST', answer.msg);
}

/** Calls the bouncer's legacy (`remotes/push/…`) API about the caller's token; throws the client's error when it fails. */
async function callLegacy(
  ctx: UserContext<'outbound' | 'store'>,
  path: string,
  fields: Record<string, unknown>,
): Promise<void> {
  const answer = await callBouncer(ctx, `remotes/push/${path}`, (realmUuid) => ({
    json: { realm_uuid: realmUuid, user_id: ctx.user.id, ...fields },
  }));
  if (!answer.ok) {
    ctx.log.warn('the push bouncer refused a device-token request', {
      user: ctx.user.id,
      path,
      code: answer.code,
      error: answer.msg,
    });
    throw tokenCallError(answer);
  }
}

const usesBouncer = (services: Pick<Services, 'config'>) => services.config.pushBouncerUrl !== null;

/**
 * Before the write lock: the token is checked and, with a push bouncer configured, registered
 * there first (`remotes/push/register`), so that a refusal changes nothing here.
 */
async function prepareAdd(
  ctx: UserContext<'outbound' | 'store'>,
  kind: Kind,
  token: string,
  appId: string | null,
): Promise<undefined> {
  if (appId !== null && !/^[.a-zA-Z0-9-]+$/.test(appId)) throw new ApiError('BAD_REQUEST', 'Invalid app ID');
  validateToken(token, kind);
  if (usesBouncer(ctx))
    await callLegacy(ctx, 'register', {
      token,
      token_kind: TOKEN_KIND[kind],
      ...(appId === null ? {} : { ios_app_id: appId }),
    });
  return undefined;
}

/** Stores the caller's token (once: adding it again changes nothing), as the real `add_push_device_token`. */
function addToken(ctx: UserContext, kind: Kind, token: string, appId: string | null): Record<string, never> {
  const existing = [...ctx.db.all('push_device_tokens')].find(
    (row) => row.user_id === ctx.user.id && row.kind === kind && row.token === token,
  );
  if (!existing)
    ctx.db.put('push_device_tokens', {
      id: ctx.db.nextId('push_device_tokens'),
      user_id: ctx.user.id,
      kind,
      token,
      ios_app_id: appId,
      created_at: ctx.now(),
    });
  return {};
}

/** The caller's stored token of `kind`, if any. */
const findToken = (ctx: Pick<UserContext, 'db' | 'user'>, kind: Kind, token: string) =>
  [...ctx.db.all('push_device_tokens')].find(
    (row) => row.user_id === ctx.user.id && row.kind === kind && row.token === token,
  );

/**
 * Before the write lock: the token is checked; without a bouncer an unknown token is
 * `Token does not exist`; with one, the bouncer is asked to forget it (`remotes/push/unregister`)
 * and answers that itself.
 */
async function prepareRemove(ctx: UserContext<'outbound' | 'store'>, kind: Kind, token: string): Promise<undefined> {
  validateToken(token, kind);
  if (!usesBouncer(ctx)) {
    if (!findToken(ctx, kind, token)) throw new ApiError('BAD_REQUEST', 'Token does not exist');
  } else {
    await callLegacy(ctx, 'unregister', { token, token_kind: TOKEN_KIND[kind] });
  }
  return undefined;
}

function removeToken(ctx: UserContext, kind: Kind, token: string): Record<string, never> {
  const existing = findToken(ctx, kind, token);
  if (existing) ctx.db.delete('push_device_tokens', existing.id);
  return {};
}

/** POST /users/me/apns_device_token (checks and the bouncer: {@link prepareAddApnsToken}). */
export const addApnsToken = (params: OperationParams<'push.addApnsToken'>, ctx: UserContext) =>
  addToken(ctx, 'apns', params.token, params.appid);
/** The checks and bouncer registration of POST /users/me/apns_device_token. */
export const prepareAddApnsToken = (
  params: OperationParams<'push.addApnsToken'>,
  ctx: UserContext<'outbound' | 'store'>,
) => prepareAdd(ctx, 'apns', params.token, params.appid);
/** POST /users/me/android_gcm_reg_id. */
export const addFcmToken = (params: OperationParams<'push.addFcmToken'>, ctx: UserContext) =>
  addToken(ctx, 'fcm', params.token, null);
/** The checks and bouncer registration of POST /users/me/android_gcm_reg_id. */
export const prepareAddFcmToken = (
  params: OperationParams<'push.addFcmToken'>,
  ctx: UserContext<'outbound' | 'store'>,
) => prepareAdd(ctx, 'fcm', params.token, null);
/** DELETE /users/me/apns_device_token. */
export const removeApnsToken = (params: OperationParams<'push.removeApnsToken'>, ctx: UserContext) =>
  removeToken(ctx, 'apns', params.token);
/** The checks and bouncer call of DELETE /users/me/apns_device_token. */
export const prepareRemoveApnsToken = (
  params: OperationParams<'push.removeApnsToken'>,
  ctx: UserContext<'outbound' | 'store'>,
) => prepareRemove(ctx, 'apns', params.token);
/** DELETE /users/me/android_gcm_reg_id. */
export const removeFcmToken = (params: OperationParams<'push.removeFcmToken'>, ctx: UserContext) =>
  removeToken(ctx, 'fcm', params.token);
/** The checks and bouncer call of DELETE /users/me/android_gcm_reg_id. */
export const prepareRemoveFcmToken = (
  params: OperationParams<'push.removeFcmToken'>,
  ctx: UserContext<'outbound' | 'store'>,
) => prepareRemove(ctx, 'fcm', params.token);

/**
 * POST /mobile_push/test_notification, as the real `send_test_push_notification_api`: the
 * caller's token (`token`, else `INVALID_PUSH_DEVICE_TOKEN` "Device not recognized") or all
 * of them; with a bouncer, one `remotes/push/test_notification` call per device carrying the
 * base payload (the bouncer answers `INVALID_REMOTE_PUSH_DEVICE_TOKEN` for a device it does not
 * know); without one there is nothing to send through (no APNs or FCM credentials here), and
 * it succeeds as the real server does.
 */
export async function sendLegacyTestNotification(
  params: OperationParams<'push.testLegacyNotification'>,
  ctx: UserContext<'outbound' | 'store'>,
) {
  const mine = [...ctx.db.all('push_device_tokens')]
    .filter((row) => row.user_id === ctx.user.id)
    .sort((a, b) => a.id - b.id);
  const devices = params.token === undefined ? mine : mine.filter((row) => row.token === params.token);
  if (params.token !== undefined && devices.length === 0)
    throw new ApiError('INVALID_PUSH_DEVICE_TOKEN', 'Device not recognized');
  if (!usesBouncer(ctx)) return {};
  const url = ctx.config.realmUrl;
  const basePayload = {
    server: new URL(url).host,
    realm_id: ctx.realm.id,
    realm_uri: url,
    realm_url: url,
    realm_name: ctx.realm.name,
    user_id: ctx.user.id,
  };
  for (const device of devices)
    await callLegacy(ctx, 'test_notification', {
      token: device.token,
      token_kind: TOKEN_KIND[device.kind],
      base_payload: basePayload,
    });
  return {};
}
