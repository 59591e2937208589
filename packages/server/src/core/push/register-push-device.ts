import { ApiError } from '@teamchat/schema';
import { emit } from '../events/emit.js';
import type { OperationParams, UserContext } from '../runtime/context.js';
import type { Services } from '../runtime/services.js';
import type { OutboxRecord } from '../model/records/outbox.js';
import type { PushDeviceRecord } from '../model/records/push.js';
import { enqueueJob, type JobRunner, type JobOutcome } from '../outbox/job-queue.js';
import { callBouncer } from './bouncer-client.js';

/** Error codes of registrations the bouncer refused for good (the app must act: update, retry with a fresh payload). */
const REFUSALS = new Set(['INVALID_BOUNCER_PUBLIC_KEY', 'BAD_REQUEST', 'REQUEST_EXPIRED']);

/** Refuses push calls on a server without a bouncer. */
export function checkPushConfigured(ctx: Pick<Services, 'config'>): void {
  if (ctx.config.pushBouncerUrl === null)
    throw new ApiError('PUSH_SERVICE_NOT_CONFIGURED', 'Server is not configured to use push notification service.');
}

/**
 * POST /mobile_push/register: records the device (`pending`) and answers at once; the
 * registration goes to the bouncer from the outbox, and a `push_device` event reports
 * `active`, or `failed` with the bouncer's code (`INVALID_BOUNCER_PUBLIC_KEY`, `BAD_REQUEST`
 * for an undecryptable or invalid registration, `REQUEST_EXPIRED`). Idempotent: a device
 * already registered (or pending) under the same `push_account_id` stays as it is; a failed
 * one is registered again.
 *
 * @see https://zulip.com/api/register-push-device
 */
export function registerPushDevice(params: OperationParams<'push.register'>, ctx: UserContext<'jobs'>) {
  checkPushConfigured(ctx);
  const existing = [...ctx.db.all('push_devices')].find(
    (device) => device.user_id === ctx.user.id && device.push_account_id === params.push_account_id,
  );
  if (existing && existing.status !== 'failed') return {};
  const fields = {
    user_id: ctx.user.id,
    push_account_id: params.push_account_id,
    token_kind: params.token_kind,
    push_public_key: params.push_public_key,
    bouncer_public_key: params.bouncer_public_key,
    encrypted_push_registration: params.encrypted_push_registration,
    status: 'pending' as const,
    error_code: null,
    bouncer_device_id: null,
  };
  const device = ctx.db.put('push_devices', { id: existing?.id ?? ctx.db.nextId('push_devices'), ...fields });
  enqueueJob(ctx, { kind: 'push_register', userId: ctx.user.id, payload: { device_id: device.id } });
  return {};
}

/** The `push_device` event of a device's new status. */
function statusEvent(device: PushDeviceRecord): Record<string, unknown> & { type: string } {
  return {
    type: 'push_device',
    push_account_id: String(device.push_account_id),
    status: device.status,
    ...(device.status === 'failed' ? { error_code: device.error_code } : {}),
  };
}

/** Registers a pending device with the bouncer; retried while the bouncer cannot be reached or fails. */
export const registerWithBouncer: JobRunner = {
  lane: 'push',
  maxRetries: () => 5,
  retryDelayMs: (_services, attempts) => 10_000 * 2 ** (attempts - 1),
  async run(services: Services, job: OutboxRecord): Promise<JobOutcome> {
    const device = services.store.get('push_devices', Number(job.payload['device_id']));
    if (!device || device.status !== 'pending') return { outcome: 'delivered' };
    const answer = await callBouncer(services, 'remotes/push/e2ee/register', (realmUuid) => ({
      form: {
        realm_uuid: realmUuid,
        push_account_id: String(device.push_account_id),
        encrypted_push_registration: device.encrypted_push_registration,
        bouncer_public_key: device.bouncer_public_key,
      },
    }));
    const settle =
      (fields: Partial<PushDeviceRecord>): NonNullable<JobOutcome['apply']> =>
      (ctx) => {
        const current = ctx.db.get('push_devices', device.id);
        if (!current || current.status !== 'pending') return;
        const updated = ctx.db.patch('push_devices', device.id, fields);
        emit(ctx, [device.user_id], statusEvent(updated));
      };
    if (answer.ok) {
      const id = Number(answer.body['device_id']);
      return {
        outcome: 'delivered',
        status: 200,
        apply: settle({ status: 'active', bouncer_device_id: id, error_code: null }),
      };
    }
    services.log.warn('the push bouncer did not register a device', {
      user: device.user_id,
      push_account_id: device.push_account_id,
      code: answer.code,
      error: answer.msg,
    });
    if (answer.kind === 'rejected' && REFUSALS.has(answer.code)) {
      return {
        outcome: 'failed',
        status: answer.status,
        error: answer.msg,
        apply: settle({ status: 'failed', error_code: answer.code }),
      };
    }
    // Down, failing or refusing this server: try again later; at the end the device has failed.
    return {
      outcome: 'retry',
      status: answer.status,
      error: answer.msg,
      apply: (ctx, final) => {
        if (final) settle({ status: 'failed', error_code: answer.code })(ctx, final);
      },
    };
  },
};
