import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeIntegration, type FakeIntegration } from '../../../test-support/fake-integration.js';
import { assertFreshBuilds } from '../../../test-support/fresh-build.js';
import { startServer } from '../../../test-support/start-server.js';

function credentials(zuliprc: string): string {
  const text = readFileSync(zuliprc, 'utf8');
  return `Basic ${btoa(`${/^email=(.*)$/m.exec(text)?.[1] ?? ''}:${/^key=(.*)$/m.exec(text)?.[1] ?? ''}`)}`;
}

async function call(
  url: string,
  auth: string,
  method: string,
  path: string,
  params: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const query = method === 'GET' ? `?${new URLSearchParams(params).toString()}` : '';
  const response = await fetch(`${url}/api/v1${path}${query}`, {
    method,
    headers: {
      authorization: auth,
      ...(method === 'GET' ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
    },
    ...(method === 'GET' ? {} : { body: new URLSearchParams(params) }),
  });
  return (await response.json()) as Record<string, unknown>;
}

let dir: string;
let integration: FakeIntegration;
beforeAll(async () => {
  assertFreshBuilds();
  dir = mkdtempSync(join(tmpdir(), 'teamchat-webhook-restart-'));
  integration = await startFakeIntegration();
});
afterAll(async () => {
  await integration.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('teamchat-server killed with an outgoing-webhook delivery pending', () => {
  it('makes the delivery after the restart, and posts the reply', async () => {
    const first = await startServer(dir);
    const auth = credentials(first.zuliprc('member'));
    const created = await call(first.url, auth, 'POST', '/bots', {
      full_name: 'Restart Bot',
      short_name: 'restart',
      bot_type: '3',
      payload_url: JSON.stringify(`${integration.url}/hook`),
    });
    expect(created['result']).toBe('success');
    // The integration takes the request and never answers: the delivery is pending when the server dies.
    integration.answer({ hang: true }, { body: { content: 'back after the crash' } });
    const sent = await call(first.url, auth, 'POST', '/messages', {
      type: 'stream',
      to: 'general',
      topic: 'crash',
      content: '@**Restart Bot** still there?',
    });
    expect(sent['result']).toBe('success');
    await integration.nth(1);
    await first.crash();

    const second = await startServer(dir, { waitForZuliprc: false });
    try {
      const again = await integration.nth(2);
      expect((again.parsed as { data: string }).data).toBe('@**Restart Bot** still there?');
      // The reply is posted once the answer is processed: poll the deliveries view for it.
      let delivery: Record<string, unknown> | undefined;
      for (let i = 0; i < 200 && delivery?.['status'] !== 'delivered'; i += 1) {
        const { deliveries } = (await call(second.url, auth, 'GET', '/outgoing_webhooks/deliveries')) as {
          deliveries: Record<string, unknown>[];
        };
        delivery = deliveries[0];
        if (delivery?.['status'] !== 'delivered') await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(delivery).toMatchObject({
        status: 'delivered',
        message_id: sent['id'],
        last_status: 200,
        reply_message_id: expect.any(Number),
      });
      const reply = (await call(second.url, auth, 'GET', `/messages/${String(delivery?.['reply_message_id'])}`)) as {
        message: { content: string; sender_full_name: string };
      };
      expect(reply.message).toMatchObject({ content: '<p>back after the crash</p>', sender_full_name: 'Restart Bot' });
    } finally {
      await second.stop();
    }
  });
});
