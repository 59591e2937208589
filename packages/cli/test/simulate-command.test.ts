/**
 * Live traffic against a running server: `teamchat simulate` (through the API, as several
 * accounts) and `teamchat-server --simulate` (in the server), both checked through the API.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClientFromZuliprc } from '@teamchat/client-sdk/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuilds, REPO_ROOT } from '../../../test-support/fresh-build.js';
import { startServer, type RunningServer } from '../../../test-support/start-server.js';

const CLI_BIN = join(REPO_ROOT, 'packages/cli/bin/teamchat.js');

function teamchat(
  args: readonly string[],
  home: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_BIN, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env['PATH'] ?? '', HOME: home },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Messages of the organization the owner can see, newest last. */
async function messagesOf(server: RunningServer): Promise<{ id: number; sender_email: string; content: string }[]> {
  const owner = createClientFromZuliprc(server.zuliprc('owner'));
  const { messages } = await owner.messages.list({ anchor: 'newest', num_before: 1000, num_after: 0 });
  return messages as { id: number; sender_email: string; content: string }[];
}

describe('live traffic against a running server', () => {
  let dir: string;
  beforeAll(() => {
    assertFreshBuilds();
    dir = mkdtempSync(join(tmpdir(), 'teamchat-simulate-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('teamchat simulate sends traffic through the API as every account it is given, and runs scripts', async () => {
    const server = await startServer(mkdtempSync(join(dir, 'cli-')));
    try {
      const before = (await messagesOf(server)).length;
      const accounts = ['member', 'moderator', 'guest'].flatMap((role) => ['--as', server.zuliprc(role as 'member')]);
      const run = await teamchat(
        [
          '--config',
          server.zuliprc('owner'),
          '--json',
          'simulate',
          '--rate',
          'channelMessages=1200,directMessages=300,reactions=300',
          '--minutes',
          '0.05',
          '--seed',
          '4',
          ...accounts,
        ],
        dir,
      );
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const stats = JSON.parse(run.stdout) as { calls: Record<string, number>; refused: number };
      expect(stats.calls['messages.send']).toBeGreaterThan(10);
      const after = await messagesOf(server);
      expect(after.length - before).toBeGreaterThan(10);
      expect(new Set(after.slice(before).map((m) => m.sender_email)).size).toBeGreaterThan(2);

      const script = join(dir, 'steps.json');
      const member = createClientFromZuliprc(server.zuliprc('member'));
      const email = (await member.users.me()).email;
      writeFileSync(
        script,
        JSON.stringify({
          steps: [
            {
              at: 200,
              as: email,
              call: 'messages.send',
              params: { type: 'stream', to: 'general', topic: 'scripted', content: 'from a script' },
            },
          ],
        }),
      );
      const scripted = await teamchat(
        ['--config', server.zuliprc('owner'), 'simulate', '--script', script, '--as', server.zuliprc('member')],
        dir,
      );
      expect(scripted).toMatchObject({ code: 0, stdout: 'step 0: ok\n' });
      expect((await messagesOf(server)).at(-1)).toMatchObject({ sender_email: email, content: '<p>from a script</p>' });
    } finally {
      await server.stop();
    }
  }, 60_000);

  it("teamchat-server --simulate makes traffic from the organization's people on its own", async () => {
    const server = await startServer(mkdtempSync(join(dir, 'server-')), {
      args: ['--simulate', 'channelMessages=1200,reactions=200', '--random-seed', '5'],
    });
    try {
      const before = (await messagesOf(server)).length;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(server.output()).toMatch(/Simulating traffic: channelMessages 1200\/min, reactions 200\/min/);
      const after = await messagesOf(server);
      expect(after.length - before).toBeGreaterThan(5);
      expect(new Set(after.slice(before).map((m) => m.sender_email)).size).toBeGreaterThan(1);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('refuses a rate that is not one', async () => {
    const run = await teamchat(
      [
        '--site',
        'http://127.0.0.1:9',
        '--email',
        'a@b.c',
        '--api-key',
        'x'.repeat(32),
        'simulate',
        '--rate',
        'lunch=3',
      ],
      dir,
    );
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/unknown kind of traffic 'lunch'/);
  });
});
