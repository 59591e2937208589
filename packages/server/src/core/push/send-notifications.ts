import { fromBase64, sealBox, toBase64 } from '@teamchat/schema/push';
import type { Services } from '../runtime/services.js';
import type { PushDeviceRecord } from '../model/records/push.js';
import { callBouncer, type BouncerAnswer, type BouncerServices } from './bouncer-client.js';

/**
 * One push request per device (the real server's E2EE `notify` format): the plaintext sealed
 * to the device's `push_public_key`; APNs gets `aps.alert.title` and its headers, FCM a high
 * priority (`remove` notifications go out at normal priority, silently).
 *
 * @see https://zulip.com/api/e2ee-test-notify
 */
function pushRequest(
  services: Pick<Services, 'random'>,
  device: PushDeviceRecord,
  data: Record<string, unknown>,
): Record<string, unknown> {
  const key = fromBase64(device.push_public_key);
  const plaintext = new TextEncoder().encode(JSON.stringify(data));
  const encrypted = key && key.length === 32 ? toBase64(sealBox(plaintext, key, services.random)) : '';
  const remove = data['type'] === 'remove';
  if (device.token_kind === 'apns') {
    return {
      device_id: device.bouncer_device_id,
      http_headers: { apns_priority: remove ? 5 : 10, apns_push_type: remove ? 'background' : 'alert' },
      payload: {
        push_account_id: device.push_account_id,
        encrypted_data: encrypted,
        aps: remove ? { 'content-available': 1 } : { 'mutable-content': 1, alert: { title: 'New notification' } },
      },
    };
  }
  return {
    device_id: device.bouncer_device_id,
    fcm_priority: remove ? 'normal' : 'high',
    payload: { push_account_id: String(device.push_account_id), encrypted_data: encrypted },
  };
}

/** Sends `data` (encrypted per device) to `devices` through the bouncer's `notify`. */
export function notifyDevices(
  services: BouncerServices,
  devices: readonly PushDeviceRecord[],
  data: Record<string, unknown>,
): Promise<BouncerAnswer> {
  return callBouncer(services, 'remotes/push/e2ee/notify', (realmUuid) => ({
    json: { realm_uuid: realmUuid, push_requests: devices.map((device) => pushRequest(services, device, data)) },
  }));
}

/** The user's devices registered with the bouncer (those notifications reach). */
export function activeDevices(
  services: Pick<Services, 'store'>,
  userId: number,
  pushAccountId?: number,
): PushDeviceRecord[] {
  return [...services.store.all('push_devices')].filter(
    (device) =>
      device.user_id === userId &&
      device.status === 'active' &&
      (pushAccountId === undefined || device.push_account_id === pushAccountId),
  );
}

/** The fields every notification starts with (the real server's `get_base_payload`). */
export function basePayload(
  ctx: Pick<Services, 'config'> & { realm: { name: string } },
  userId: number,
): Record<string, unknown> {
  return { realm_name: ctx.realm.name, realm_url: ctx.config.realmUrl, user_id: userId };
}
