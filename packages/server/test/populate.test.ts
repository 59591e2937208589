import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClientFromZuliprc } from '@teamchat/client-sdk/node';
import type { Client } from '@teamchat/client-sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import zulip from 'zulip-js';
import { assertFreshBuilds, REPO_ROOT } from '../../../test-support/fresh-build.js';
import { startServer, type RunningServer } from '../../../test-support/start-server.js';
import { checkDocument } from '../src/store/disk/check-document.js';

const SERVER_BIN = join(REPO_ROOT, 'packages/server/dist/bin.js');

/** `teamchat-server populate …` run to completion. */
function populate(args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [SERVER_BIN, 'populate', ...args], {
    encoding: 'utf8',
    env: { PATH: process.env['PATH'] ?? '' },
    timeout: 120_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** What a client's register says of its unread messages, checked against the messages themselves. */
async function unreadOf(client: Client): Promise<number> {
  const state = (await client.events.register({
    fetch_event_types: ['message', 'update_message_flags', 'subscription', 'user_topic'],
  })) as unknown as Record<string, unknown> & {
    unread_msgs: {
      count: number;
      streams: { stream_id: number; topic: string; unread_message_ids: number[] }[];
      pms: { unread_message_ids: number[] }[];
      huddles: { unread_message_ids: number[] }[];
    };
    max_message_id: number;
    subscriptions: { stream_id: number; is_muted: boolean }[];
    user_topics: { stream_id: number; topic_name: string; visibility_policy: number }[];
  };
  const { messages } = await client.messages.list({
    anchor: 'newest',
    num_before: 5000,
    num_after: 0,
    narrow: [{ operator: 'is', operand: 'unread' }],
  });
  const listed = [state.unread_msgs.streams, state.unread_msgs.pms, state.unread_msgs.huddles]
    .flat()
    .flatMap((entry) => entry.unread_message_ids);
  // `count` leaves out muted channels and topics (as the real server's), unless a topic is unmuted or followed.
  const policy = new Map(
    state.user_topics.map((t) => [`${t.stream_id}\0${t.topic_name.toLowerCase()}`, t.visibility_policy]),
  );
  const mutedChannels = new Set(state.subscriptions.filter((s) => s.is_muted).map((s) => s.stream_id));
  const muted = state.unread_msgs.streams
    .filter((entry) => {
      const topic = policy.get(`${entry.stream_id}\0${entry.topic.toLowerCase()}`) ?? 0;
      return topic === 1 || (mutedChannels.has(entry.stream_id) && topic !== 2 && topic !== 3);
    })
    .flatMap((entry) => entry.unread_message_ids);
  expect(new Set(listed).size - new Set(muted).size).toBe(state.unread_msgs.count);
  expect(messages.map((message) => message.id).sort((a, b) => a - b)).toEqual(
    [...new Set(listed)].sort((a, b) => a - b),
  );
  const newest = await client.messages.list({ anchor: 'newest', num_before: 1, num_after: 0 });
  expect(state.max_message_id).toBeGreaterThanOrEqual(newest.messages[0]?.id ?? 0);
  const { subscriptions } = await client.channels.listSubscriptions();
  expect(state.subscriptions.map((s) => s.stream_id).sort()).toEqual(subscriptions.map((s) => s.stream_id).sort());
  await client.events.deleteQueue({ queue_id: String(state['queue_id']) });
  return state.unread_msgs.count;
}

describe('teamchat-server populate: generated organizations', () => {
  let dir: string;
  beforeAll(() => {
    assertFreshBuilds();
    dir = mkdtempSync(join(tmpdir(), 'teamchat-populate-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the same fixture, byte for byte, for the same size and seed, and another for another seed', () => {
    const runs = [
      ['a.json', '5'],
      ['b.json', '5'],
      ['c.json', '6'],
    ].map(([file, seed]) => {
      const run = populate(['--size', '300', '--out', join(dir, file as string), '--random-seed', seed as string]);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/Wrote a generated organization \(\d+ users, 12 channels, \d+ messages, seed \d\)/);
      return readFileSync(join(dir, file as string));
    });
    expect(runs[0]?.equals(runs[1] as Buffer)).toBe(true);
    expect(runs[0]?.equals(runs[2] as Buffer)).toBe(false);
    const fixture = JSON.parse((runs[0] as Buffer).toString('utf8')) as {
      users: { role: string; bot?: { type: string } }[];
      messages: { content: string }[];
    };
    expect(new Set(fixture.users.map((u) => (u.bot ? `bot:${u.bot.type}` : u.role)))).toEqual(
      new Set([
        'owner',
        'administrator',
        'moderator',
        'member',
        'guest',
        'bot:generic',
        'bot:incoming_webhook',
        'bot:outgoing_webhook',
      ]),
    );
    const contents = fixture.messages.map((m) => m.content).join('\n');
    for (const kind of [
      '```python',
      '> ',
      '```spoiler',
      '$$',
      '| --- |',
      '@**',
      '@*',
      '#**',
      ':tada:',
      '/me ',
      '/user_uploads/',
    ])
      expect(contents).toContain(kind);
    // Three runs of the CLI, each loading the whole server: longer than the default on a busy machine.
  }, 60_000);

  it('refuses a size that is not one', () => {
    const run = populate(['--size', 'huge', '--out', join(dir, 'x.json')]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(
      /^teamchat-server: --size must be small, medium, large or a number of messages, got 'huge'/,
    );
  });

  describe('a server started with --populate small', () => {
    let server: RunningServer;
    let home: string;
    beforeAll(async () => {
      home = mkdtempSync(join(dir, 'server-'));
      server = await startServer(home, { args: ['--populate', 'small', '--random-seed', '2'] });
    }, 120_000);
    afterAll(() => server.stop());

    it('starts from a data file that passes the store validation (one snapshot, written while the server answers)', async () => {
      // Reads are answered at once; the first snapshot follows (writes wait for it).
      await vi.waitFor(() => expect(existsSync(join(home, 'data.json'))).toBe(true), { timeout: 30_000 });
      const document = checkDocument(JSON.parse(readFileSync(join(home, 'data.json'), 'utf8')), 'data.json');
      const messages = document.collections['messages'] as unknown[];
      expect(messages.length).toBeGreaterThan(1900);
      expect(server.output()).toMatch(/Generated the organization \(2000 messages\) in [\d.]+ s/);
    });

    it('gives every account a register that agrees with its messages, some far behind and some caught up', async () => {
      const counts: number[] = [];
      for (const role of [
        'owner',
        'owner-2',
        'administrator',
        'moderator',
        'member',
        'member-2',
        'member-3',
        'member-4',
        'member-5',
        'guest',
      ] as const) {
        counts.push(await unreadOf(createClientFromZuliprc(server.zuliprc(role as 'owner'))));
      }
      expect(Math.max(...counts)).toBeGreaterThan(200);
      expect(Math.min(...counts)).toBeLessThan(50);
    }, 60_000);

    it('serves the zulip-js client: channels, topics, messages and the caller', async () => {
      const rc = readFileSync(server.zuliprc('member'), 'utf8');
      const field = (name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(rc)?.[1] ?? '';
      const z = await zulip({ username: field('email'), apiKey: field('key'), realm: field('site') });
      const me = await z.users.me.getProfile();
      expect(me).toMatchObject({ result: 'success', email: field('email') });
      const streams = await z.streams.subscriptions.retrieve();
      expect(streams.result).toBe('success');
      const general = (streams.subscriptions as { name: string; stream_id: number }[]).find(
        (s) => s.name === 'general',
      );
      const topics = await z.streams.topics.retrieve({ stream_id: general?.stream_id });
      expect((topics.topics as unknown[]).length).toBeGreaterThan(3);
      const messages = await z.messages.retrieve({
        anchor: 'newest',
        num_before: 50,
        num_after: 0,
        narrow: [{ operator: 'stream', operand: 'general' }],
      });
      expect(messages).toMatchObject({ result: 'success', found_newest: true });
      expect((messages.messages as unknown[]).length).toBe(50);
      const sent = await z.messages.send({
        type: 'stream',
        to: 'general',
        topic: 'zulip-js',
        content: 'Hello from **zulip-js**',
      });
      expect(sent.result).toBe('success');
    }, 60_000);
  });
});
