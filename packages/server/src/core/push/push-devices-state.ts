import type { StateBlock } from '../events/state-block.js';

/** The `push_devices` block of POST /register: the caller's devices by `push_account_id`, with status and error code. */
export const pushDevicesState: StateBlock = {
  eventTypes: ['push_device'],
  fetch(ctx) {
    const devices: Record<string, { status: string; error_code: string | null }> = {};
    for (const device of ctx.db.all('push_devices'))
      if (device.user_id === ctx.user.id)
        devices[String(device.push_account_id)] = { status: device.status, error_code: device.error_code };
    return { push_devices: devices };
  },
};
