import { generatePushKeyPair, pushRegistrationParams } from '@teamchat/client-sdk/push';
import { describe, expect, it } from 'vitest';
import { createPushBouncer, type PushBouncer } from './push-bouncer.js';

const SERVER = { uuid: '6cde5f7a-1f7e-4978-9716-49f69ab9b3dc', key: 'k'.repeat(64) };
const REALM = 'e0a4c3b2-8d1f-4a5b-9c6d-7e8f9a0b1c2d';
const NOW = Date.UTC(2026, 0, 5, 9) / 1000;

function post(
  bouncer: PushBouncer,
  path: string,
  params: Record<string, string>,
  auth = `Basic ${btoa(`${SERVER.uuid}:${SERVER.key}`)}`,
) {
  return bouncer
    .handle(
      new Request(`http://bouncer.test/api/v1/${path}`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(params),
      }),
    )
    .then(async (response) => ({ status: response.status, body: (await response.json()) as Record<string, unknown> }));
}

async function registered(): Promise<PushBouncer> {
  const bouncer = createPushBouncer({ now: () => NOW * 1000 });
  await post(bouncer, 'remotes/server/register', {
    zulip_org_id: SERVER.uuid,
    zulip_org_key: SERVER.key,
    hostname: 'chat.example',
    contact_email: 'a@chat.example',
  });
  await post(bouncer, 'remotes/server/analytics', {
    realms: JSON.stringify([{ uuid: REALM, host: 'chat.example', name: 'Chat', url: 'https://chat.example' }]),
  });
  return bouncer;
}

function device(
  bouncerPublicKey: string,
  extra: { token?: string; tokenKind?: 'fcm' | 'apns'; iosAppId?: string } = {},
) {
  const params = pushRegistrationParams({
    pushAccountId: 5,
    keyPair: generatePushKeyPair(),
    bouncerPublicKey,
    token: extra.token ?? 'abc123',
    tokenKind: extra.tokenKind ?? 'fcm',
    timestamp: NOW,
    ...(extra.iosAppId ? { iosAppId: extra.iosAppId } : {}),
  });
  return {
    realm_uuid: REALM,
    push_account_id: '5',
    encrypted_push_registration: params.encrypted_push_registration,
    bouncer_public_key: bouncerPublicKey,
  };
}

describe('the local push bouncer', () => {
  it('authenticates servers and knows their organizations', async () => {
    const bouncer = await registered();
    const [key] = bouncer.publicKeys();
    const unknownServer = await post(
      bouncer,
      'remotes/push/e2ee/register',
      device(key ?? ''),
      `Basic ${btoa(`${SERVER.uuid}:wrong`)}`,
    );
    expect(unknownServer).toEqual({
      status: 401,
      body: {
        result: 'error',
        code: 'UNAUTHORIZED',
        msg: `Zulip server auth failure: key does not match role ${SERVER.uuid}`,
      },
    });
    const unknownRealm = await post(bouncer, 'remotes/push/e2ee/register', {
      ...device(key ?? ''),
      realm_uuid: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknownRealm).toEqual({
      status: 403,
      body: { result: 'error', code: 'MISSING_REMOTE_REALM', msg: 'Organization not registered' },
    });
  });

  it('keeps accepting a rotated key until it is retired, and registers idempotently', async () => {
    const bouncer = await registered();
    const old = bouncer.publicKeys()[0] ?? '';
    const fresh = bouncer.rotateKey();
    expect(bouncer.publicKeys()).toEqual([fresh, old]);
    const first = await post(bouncer, 'remotes/push/e2ee/register', device(old));
    expect(first).toEqual({ status: 200, body: { result: 'success', msg: '', device_id: 1 } });
    expect((await post(bouncer, 'remotes/push/e2ee/register', device(fresh))).body['device_id']).toBe(1);
    bouncer.retireKey(old);
    const retired = await post(bouncer, 'remotes/push/e2ee/register', device(old));
    expect(retired).toEqual({
      status: 400,
      body: { result: 'error', code: 'INVALID_BOUNCER_PUBLIC_KEY', msg: 'Invalid bouncer_public_key' },
    });
  });

  it('checks APNs registrations: a hex token and an app ID', async () => {
    const bouncer = await registered();
    const key = bouncer.publicKeys()[0] ?? '';
    const invalid = {
      status: 400,
      body: { result: 'error', code: 'BAD_REQUEST', msg: 'Invalid encrypted_push_registration' },
    };
    expect(
      await post(
        bouncer,
        'remotes/push/e2ee/register',
        device(key, { tokenKind: 'apns', token: 'not hex', iosAppId: 'org.example' }),
      ),
    ).toEqual(invalid);
    expect(
      await post(bouncer, 'remotes/push/e2ee/register', device(key, { tokenKind: 'apns', token: 'c0ffee' })),
    ).toEqual(invalid);
    expect(
      (
        await post(
          bouncer,
          'remotes/push/e2ee/register',
          device(key, { tokenKind: 'apns', token: 'c0ffee', iosAppId: 'org.example' }),
        )
      ).status,
    ).toBe(200);
  });

  it('records notifications per device, answers unknown devices to delete, and keeps the newest ones', async () => {
    const bouncer = createPushBouncer({ now: () => NOW * 1000, notificationsPerDevice: 2 });
    await post(bouncer, 'remotes/server/register', { zulip_org_id: SERVER.uuid, zulip_org_key: SERVER.key });
    await post(bouncer, 'remotes/server/analytics', { realms: JSON.stringify([{ uuid: REALM }]) });
    await post(bouncer, 'remotes/push/e2ee/register', device(bouncer.publicKeys()[0] ?? ''));
    const notify = (n: number) =>
      bouncer.handle(
        new Request('http://bouncer.test/api/v1/remotes/push/e2ee/notify', {
          method: 'POST',
          headers: {
            authorization: `Basic ${btoa(`${SERVER.uuid}:${SERVER.key}`)}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            realm_uuid: REALM,
            push_requests: [
              { device_id: 1, fcm_priority: 'high', payload: { n } },
              { device_id: 99, payload: {} },
            ],
          }),
        }),
      );
    const answer = (await (await notify(1)).json()) as Record<string, unknown>;
    expect(answer).toEqual({
      result: 'success',
      msg: '',
      android_successfully_sent_count: 1,
      apple_successfully_sent_count: 0,
      delete_device_ids: [99],
    });
    await notify(2);
    await notify(3);
    expect(bouncer.notifications(1).map((n) => n.payload)).toEqual([{ n: 2 }, { n: 3 }]);
  });
});
