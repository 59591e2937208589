import { ApiError } from '@teamchat/schema';
import type { OperationParams, UserContext } from '../runtime/context.js';
import { bouncerError } from './bouncer-client.js';
import { activeDevices, basePayload, notifyDevices } from './send-notifications.js';

/**
 * POST /mobile_push/e2ee/test_notification: an encrypted `test` notification to one of the
 * caller's active devices (`push_account_id`), or to all of them, sent to the bouncer while
 * the request waits: `NO_ACTIVE_PUSH_DEVICE` without such a device; the bouncer's failures as
 * the real server reports them (`FAILED_TO_CONNECT_BOUNCER`, `INTERNAL_SERVER_ERROR_ON_BOUNCER`,
 * `ADMIN_ACTION_REQUIRED` when it refuses this server).
 *
 * @see https://zulip.com/api/e2ee-test-notify
 */
export async function sendTestNotification(
  params: OperationParams<'push.testNotification'>,
  ctx: UserContext<'outbound' | 'store'>,
) {
  const devices = activeDevices(ctx, ctx.user.id, params.push_account_id);
  if (devices.length === 0) throw new ApiError('NO_ACTIVE_PUSH_DEVICE', 'No active registered push device');
  const answer = await notifyDevices(ctx, devices, {
    ...basePayload(ctx, ctx.user.id),
    time: Math.floor(ctx.now() / 1000),
    type: 'test',
  });
  if (!answer.ok) {
    ctx.log.warn('the push bouncer did not take a test notification', {
      user: ctx.user.id,
      code: answer.code,
      error: answer.msg,
    });
    throw bouncerError(answer);
  }
  return {};
}
