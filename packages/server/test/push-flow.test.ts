import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@teamchat/client-sdk';
import { decryptPushNotification, generatePushKeyPair, pushRegistrationParams } from '@teamchat/client-sdk/push';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { assertFreshBuilds, REPO_ROOT } from '../../../test-support/fresh-build.js';
import { startServer, type RunningServer } from '../../../test-support/start-server.js';

let dir: string;
let server: RunningServer;
beforeAll(async () => {
  assertFreshBuilds();
  dir = mkdtempSync(join(tmpdir(), 'teamchat-push-flow-'));
  server = await startServer(dir, { args: ['--push-bouncer', '--push-bouncer-port', '0'] });
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function bouncerGet(url: string, path: string): Promise<Record<string, unknown>> {
  return (await (await fetch(`${url}/api/v1/bouncer/${path}`)).json()) as Record<string, unknown>;
}

describe('teamchat-server --push-bouncer, over real HTTP', () => {
  it('registers a device from the SDK, sends a test notification, and the device key decrypts what the bouncer recorded', async () => {
    // Printed right after the "listening" line, which may arrive in a chunk of its own.
    const bouncerUrl = await vi.waitFor(
      () =>
        /Push bouncer: (http:\/\/\S+)/.exec(server.output())?.[1] ??
        expect.fail(`no "Push bouncer:" line yet:\n${server.output()}`),
      { timeout: 10_000 },
    );
    expect(bouncerUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const text = readFileSync(server.zuliprc('member'), 'utf8');
    const client = createClient({
      site: server.url,
      email: /^email=(.*)$/m.exec(text)?.[1] ?? '',
      apiKey: /^key=(.*)$/m.exec(text)?.[1] ?? '',
    });
    const { public_keys } = (await bouncerGet(bouncerUrl, 'keys')) as { public_keys: string[] };
    const keyPair = generatePushKeyPair();
    const { queue_id } = await client.events.register({ event_types: ['push_device'], fetch_event_types: [] });
    await client.push.register(
      pushRegistrationParams({
        pushAccountId: 77,
        keyPair,
        bouncerPublicKey: public_keys[0] ?? '',
        token: 'c0ffee',
        tokenKind: 'apns',
        iosAppId: 'org.example.app',
      }),
    );
    // The registration completes in the background: the push_device event says so.
    const { events } = await client.events.get({ queue_id: queue_id ?? '', last_event_id: -1 });
    expect(events[0]).toMatchObject({ type: 'push_device', push_account_id: '77', status: 'active' });
    await client.push.testNotification({ push_account_id: 77 });
    const { devices } = (await bouncerGet(bouncerUrl, 'devices')) as {
      devices: { device_id: number; token: string; token_kind: string; ios_app_id: string }[];
    };
    expect(devices).toEqual([
      expect.objectContaining({ token: 'c0ffee', token_kind: 'apns', ios_app_id: 'org.example.app' }),
    ]);
    const { notifications } = (await bouncerGet(bouncerUrl, `devices/${devices[0]?.device_id ?? 0}/notifications`)) as {
      notifications: { payload: Record<string, unknown>; http_headers: unknown }[];
    };
    expect(notifications).toHaveLength(1);
    expect(notifications[0]?.http_headers).toEqual({ apns_priority: 10, apns_push_type: 'alert' });
    expect(notifications[0]?.payload).toMatchObject({
      push_account_id: 77,
      aps: { 'mutable-content': 1, alert: { title: 'New notification' } },
    });
    const data = decryptPushNotification(String(notifications[0]?.payload['encrypted_data']), keyPair);
    expect(data).toMatchObject({
      type: 'test',
      realm_name: 'Teamchat Demo',
      realm_url: server.url,
      user_id: expect.any(Number),
      time: expect.any(Number),
    });
    // The same record through the bouncer's CLI.
    const bin = join(REPO_ROOT, 'packages/server/dist/push-bouncer-bin.js');
    const { stdout } = await promisify(execFile)(process.execPath, [
      bin,
      'notifications',
      String(devices[0]?.device_id),
      '--url',
      bouncerUrl,
    ]);
    expect((JSON.parse(stdout) as { notifications: unknown[] }).notifications).toEqual(notifications);
  });
});
