/**
 * `teamchat bots …`: the built binary against the built server, both as child processes.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeIntegration, type FakeIntegration } from '../../../test-support/fake-integration.js';
import { assertFreshBuilds, REPO_ROOT } from '../../../test-support/fresh-build.js';
import { startServer, type RunningServer } from '../../../test-support/start-server.js';

const CLI_BIN = join(REPO_ROOT, 'packages/cli/dist/bin.js');

let dir: string;
let home: string;
let server: RunningServer;
let integration: FakeIntegration;

function teamchat(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
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

const asMember = (args: readonly string[]) => teamchat(['--config', server.zuliprc('member'), ...args]);

beforeAll(async () => {
  assertFreshBuilds();
  dir = mkdtempSync(join(tmpdir(), 'teamchat-cli-bots-'));
  home = join(dir, 'home');
  mkdirSync(home);
  server = await startServer(dir);
  integration = await startFakeIntegration();
});

afterAll(async () => {
  await server?.stop();
  await integration?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('teamchat bots', () => {
  it('creates an outgoing-webhook bot with a zuliprc, lists, updates, shows deliveries, regenerates its key and deactivates it', async () => {
    const file = join(dir, 'zuliprc-echo');
    const created = await asMember([
      'bots',
      'create',
      'Echo Bot',
      'echo',
      '--type',
      'outgoing',
      '--url',
      `${integration.url}/hook`,
      '--zuliprc',
      file,
    ]);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(
      /^Created bot (\d+) echo-bot@teamchat\.example\nAPI key: \w{32}\nOutgoing-webhook token: \w{32}\nzuliprc written to /,
    );
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(
      /^\[api\]\nemail=echo-bot@teamchat\.example\nkey=\w{32}\nsite=http:\/\/127\.0\.0\.1:\d+\ntoken=\w{32}\n$/,
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const id = /^Created bot (\d+)/.exec(created.stdout)?.[1] ?? '';

    // The bot's own zuliprc works with the CLI.
    const me = await teamchat(['--config', file, 'call', 'users.me', '--json']);
    expect(me.code, me.stderr).toBe(0);
    expect(JSON.parse(me.stdout)).toMatchObject({ user_id: Number(id), is_bot: true });

    const list = await asMember(['bots', 'list']);
    expect(list.stdout).toMatch(new RegExp(`${id}\\s+Echo Bot\\s+echo-bot@teamchat\\.example\\s+outgoing`));
    const updated = await asMember(['bots', 'update', id, '--name', 'Echo Two']);
    expect(updated.stdout).toBe(`Updated bot ${id}: Echo Two\n`);

    integration.answer({ body: { content: 'pong' } });
    await asMember(['call', 'messages.send', 'type=stream', 'to=general', 'topic=cli', 'content=@**Echo Two** ping']);
    await integration.nth(1);
    let deliveries = '';
    for (let i = 0; i < 100 && !/delivered/.test(deliveries); i += 1)
      deliveries = (await asMember(['bots', 'deliveries', '--bot', id])).stdout;
    expect(deliveries).toMatch(/mention\s+delivered\s+1\s+200/);

    const regenerated = await asMember(['bots', 'regenerate-key', id, '--zuliprc', file]);
    expect(regenerated.stdout).toMatch(/^New API key: \w{32}\n$/);
    expect(readFileSync(file, 'utf8')).toContain(`key=${/New API key: (\w+)/.exec(regenerated.stdout)?.[1] ?? ''}`);
    const deactivated = await asMember(['bots', 'deactivate', id]);
    expect(deactivated.stdout).toBe(`Deactivated bot ${id}\n`);
    const refused = await teamchat(['--config', file, 'call', 'users.me']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('Account is deactivated');
  });

  it('refuses an outgoing bot without --url and an unknown type, with a usage error', async () => {
    const noUrl = await asMember(['bots', 'create', 'No Url', 'nourl', '--type', 'outgoing']);
    expect([noUrl.code, noUrl.stderr]).toEqual([2, expect.stringContaining('an outgoing-webhook bot needs --url')]);
    const badType = await asMember(['bots', 'create', 'Bad', 'bad', '--type', 'robot']);
    expect(badType.code).toBe(2);
    expect(badType.stderr).toContain('one of generic, incoming, outgoing');
  });

  it('shows the bot type by name in bots create --help, and the owner by name in bots list', async () => {
    const help = await asMember(['bots', 'create', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('(default: generic)');
    expect(help.stdout).not.toMatch(/default: \d/);
    const list = await teamchat(['--config', server.zuliprc('owner'), 'bots', 'list']);
    expect(list.code, list.stderr).toBe(0);
    // The demo's bot belongs to the owner, Olivia Owner (user 1): her name, never her ID.
    expect(list.stdout).toMatch(/^ID +NAME +EMAIL +TYPE +OWNER +ACTIVE +URL\n/);
    expect(list.stdout).toMatch(/Demo Bot +demo-bot@teamchat\.example +generic +Olivia Owner +yes/);
  });
});
