import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type Client } from '@teamchat/client-sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { assertFreshBuilds } from '../../../test-support/fresh-build.js';
import { startServer, type RunningServer } from '../../../test-support/start-server.js';

let dir: string;
let server: RunningServer;
const clientOf = (zuliprc: string, site: string): Client => {
  const text = readFileSync(zuliprc, 'utf8');
  return createClient({
    site,
    email: /^email=(.*)$/m.exec(text)?.[1] ?? '',
    apiKey: /^key=(.*)$/m.exec(text)?.[1] ?? '',
  });
};

beforeAll(async () => {
  assertFreshBuilds();
  dir = mkdtempSync(join(tmpdir(), 'teamchat-realm-export-'));
  server = await startServer(join(dir, 'first'));
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** What two servers must agree on: users, channels and the messages the owner sees. */
async function organizationOf(client: Client) {
  const { members } = await client.users.list({});
  const { streams } = await client.channels.list({ include_all: true });
  const { messages } = await client.messages.list({ anchor: 'oldest', num_before: 0, num_after: 1000, narrow: [] });
  return {
    users: members
      .map((user) => ({ email: user.email, full_name: user.full_name, role: user.role, is_bot: user.is_bot }))
      .sort((a, b) => a.email.localeCompare(b.email)),
    channels: streams
      .map((channel) => ({ name: channel.name, invite_only: channel.invite_only, description: channel.description }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    messages: messages.map((message) => ({
      id: message.id,
      sender_email: message.sender_email,
      content: message.content,
      subject: message.subject,
      type: message.type,
    })),
  };
}

describe('data exports over real HTTP: POST /export/realm → the job → download → seed a fresh server', () => {
  it('a standard export, consented by the owner, seeds a server with the same users, channels and messages', async () => {
    const owner = clientOf(server.zuliprc('owner'), server.url);
    const member = clientOf(server.zuliprc('member'), server.url);
    await owner.settings.update({ allow_private_data_export: true });
    const { export_consents } = await owner.exports.consents({});
    expect(export_consents.find((consent) => consent.consented)).toBeDefined();
    // Members may not export.
    await expect(member.exports.create({ export_type: 1 })).rejects.toMatchObject({ code: 'UNAUTHORIZED_PRINCIPAL' });

    const { queue_id } = await owner.events.register({ event_types: ['realm_export'], fetch_event_types: [] });
    const { id } = await owner.exports.create({ export_type: 2 });
    const finished = await vi.waitFor(
      async () => {
        const { exports } = await owner.exports.list({});
        const mine = exports.find((entry) => entry.id === id);
        if (!mine || mine.pending) throw new Error('still pending');
        return mine;
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(finished).toMatchObject({
      id,
      export_type: 2,
      pending: false,
      failed_timestamp: null,
      deleted_timestamp: null,
      export_url: expect.stringMatching(/\/user_avatars\/exports\/1\/\w+\/teamchat-export-[\w-]+\.json$/),
    });
    // The administrators heard of it as it started and as it finished. The finishing event is
    // published once the job's write is durable, which may come just after the list shows it.
    const states = await vi.waitFor(
      async () => {
        const { events } = await owner.events.get({ queue_id: queue_id ?? '', last_event_id: -1, dont_block: true });
        const seen = events.flatMap((event) =>
          event.type === 'realm_export' ? [event.exports.find((entry) => entry.id === id)?.pending] : [],
        );
        if (seen.length < 2) throw new Error(`realm_export events so far: ${JSON.stringify(seen)}`);
        return seen;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(states).toEqual([true, false]);

    // The URL is the download, over HTTP, to whoever has it (its random part is the secret).
    const response = await fetch(String(finished.export_url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    const text = await response.text();
    const fixture = JSON.parse(text) as { teamchat_fixture: unknown; users: Record<string, unknown>[] };
    expect(fixture.teamchat_fixture).toBeDefined();
    // No credentials leave the server.
    expect(fixture.users.some((user) => 'api_key' in user || 'password_hash' in user)).toBe(false);
    const broken = await fetch(
      String(finished.export_url).replace(/\w+(\/teamchat-export)/, 'AAAAAAAAAAAAAAAAAAAAAAAA$1'),
    );
    expect(broken.status).toBe(404);

    const file = join(dir, 'export.json');
    writeFileSync(file, text);
    const copy = await startServer(join(dir, 'second'), { args: ['--seed', file], waitForZuliprc: false });
    try {
      // The seeded server made new API keys: the owner's zuliprc is beside its data file.
      const copiedOwner = clientOf(join(dir, 'second', 'zuliprc-owner'), copy.url);
      const expected = await organizationOf(owner);
      const actual = await organizationOf(copiedOwner);
      expect(actual.users).toEqual(expected.users);
      expect(actual.channels).toEqual(expected.channels);
      expect(actual.messages).toEqual(expected.messages);
      expect(actual.messages.length).toBeGreaterThan(0);
    } finally {
      await copy.stop();
    }
  });
});
