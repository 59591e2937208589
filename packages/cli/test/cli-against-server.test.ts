/**
 * The built `teamchat` binary against the built reference server, both as child processes:
 * what an admin runs. The root `npm test` builds every package first; the check below makes
 * sure these tests never run an older build than the sources.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuilds, REPO_ROOT } from '../../../test-support/fresh-build.js';
import { freePort, runNodeScript, type ProcessResult } from '../../../test-support/processes.js';
import { startServer, type RunningServer } from '../../../test-support/start-server.js';

const CLI_BIN = join(REPO_ROOT, 'packages/cli/dist/bin.js');

let dir: string;
let emptyHome: string;
let server: RunningServer;

/** Runs `node packages/cli/dist/bin.js args…` with only PATH and an empty HOME (plus `env`). */
function teamchat(args: readonly string[], env: Record<string, string> = {}): Promise<ProcessResult> {
  return runNodeScript(CLI_BIN, args, { HOME: emptyHome, ...env });
}

/** `teamchat --config <owner's zuliprc> args…`. */
function asOwner(args: readonly string[]): Promise<ProcessResult> {
  return teamchat(['--config', server.zuliprc('owner'), ...args]);
}

beforeAll(async () => {
  assertFreshBuilds();
  dir = mkdtempSync(join(tmpdir(), 'teamchat-cli-e2e-'));
  emptyHome = join(dir, 'home');
  mkdirSync(emptyHome);
  // A 1 MiB upload limit, so the oversized-file test stays light.
  server = await startServer(dir, { args: ['--max-upload-mib', '1'] });
});

afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('teamchat against a running server', () => {
  it('users list prints a table of the demo organization', async () => {
    const result = await asOwner(['users', 'list']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID +NAME +EMAIL +ROLE +ACTIVE +BOT$/);
    for (const name of ['Olivia Owner', 'Adam Admin', 'Maya Moderator', 'Mike Member', 'Gina Guest', 'Demo Bot']) {
      expect(result.stdout).toContain(name);
    }
    expect(lines.find((line) => line.includes('Olivia Owner'))).toMatch(/olivia@teamchat\.example +owner +yes +no$/);
    expect(lines.find((line) => line.includes('Demo Bot'))).toMatch(/ +yes +yes$/);
  });

  it('users list --json prints the members', async () => {
    const result = await asOwner(['users', 'list', '--json']);
    expect(result.code).toBe(0);
    const { members } = JSON.parse(result.stdout) as { members: { full_name: string; email: string }[] };
    expect(members).toHaveLength(6);
    expect(members.map((member) => member.full_name)).toContain('Mike Member');
  });

  it('channels create subscribes users given by id and email, and channels list shows the channel', async () => {
    const created = await asOwner([
      'channels',
      'create',
      'demo-x',
      '--description',
      'Made by the CLI test',
      '--subscribers',
      'mike@teamchat.example,1',
    ]);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const id = /^Created channel demo-x with id (\d+)\n$/.exec(created.stdout)?.[1];
    expect(id).toBeDefined();

    const listed = await asOwner(['channels', 'list']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`\\n +${id} +demo-x +no +no +2 +Made by the CLI test\\n`));

    const asMember = await teamchat([
      '--config',
      server.zuliprc('member'),
      '--json',
      'channels',
      'list',
      '--subscribed-only',
    ]);
    const names = (JSON.parse(asMember.stdout) as { streams: { name: string }[] }).streams.map((s) => s.name);
    expect(names).toContain('demo-x');
  });

  it("call uploads.upload sends a file; a file over the server's --max-upload-mib is refused", async () => {
    const notes = join(dir, 'notes.txt');
    writeFileSync(notes, 'uploaded by the CLI test');
    const uploaded = await asOwner(['call', 'uploads.upload', `file=@${notes}`, '--json']);
    expect(uploaded.stderr).toBe('');
    const { url } = JSON.parse(uploaded.stdout) as { url: string };
    expect(url).toMatch(/\/notes\.txt$/);
    const listed = await asOwner(['call', 'attachments.list', '--json']);
    const { attachments } = JSON.parse(listed.stdout) as { attachments: { name: string; size: number }[] };
    expect(attachments).toContainEqual(expect.objectContaining({ name: 'notes.txt', size: 24 }));

    const big = join(dir, 'big.bin');
    writeFileSync(big, Buffer.alloc(1024 * 1024 + 1));
    const refused = await asOwner(['call', 'uploads.upload', `file=@${big}`]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe('error: BAD_REQUEST: Uploaded file is larger than the allowed limit of 1 MiB\n');
  });

  it('settings set changes a setting, as register then shows', async () => {
    const read = async (): Promise<unknown> => {
      const result = await asOwner(['call', 'events.register', 'fetch_event_types=["user_settings"]', '--json']);
      expect(result.code).toBe(0);
      const state = JSON.parse(result.stdout) as {
        twenty_four_hour_time?: unknown;
        user_settings?: { twenty_four_hour_time?: unknown };
      };
      return state.user_settings?.twenty_four_hour_time ?? state.twenty_four_hour_time;
    };
    expect(await read()).toBe(false);
    const set = await asOwner(['settings', 'set', 'twenty_four_hour_time=true']);
    expect(set).toMatchObject({ code: 0, stdout: 'Updated twenty_four_hour_time\n', stderr: '' });
    expect(await read()).toBe(true);
  });

  it('call works by name and by "METHOD /path"', async () => {
    const byName = await asOwner(['call', 'users.me', '--json']);
    const byRoute = await asOwner(['call', 'GET /users/me', '--json']);
    expect(JSON.parse(byName.stdout)).toMatchObject({ email: 'olivia@teamchat.example', role: 100 });
    expect(JSON.parse(byRoute.stdout)).toEqual(JSON.parse(byName.stdout));
  });

  it('exits with code 1 and BAD_REQUEST on stderr for API errors', async () => {
    const unknownUser = await asOwner(['call', 'users.list', 'user_ids=[999]']);
    expect(unknownUser.code).toBe(1);
    expect(unknownUser.stderr).toMatch(/^error: BAD_REQUEST: /);
    const emptyName = await asOwner(['channels', 'create', '', '--subscribers', '1']);
    expect(emptyName.code).toBe(1);
    expect(emptyName.stderr).toMatch(/^error: BAD_REQUEST: /);
    expect(emptyName.stdout).toBe('');
  });

  it('exits with code 2 for usage errors', async () => {
    const unknownSetting = await asOwner(['settings', 'set', 'twenty_four_hour_tim=true']);
    expect(unknownSetting.code).toBe(2);
    expect(unknownSetting.stderr).toContain('did you mean twenty_four_hour_time?');
    const unknownEndpoint = await asOwner(['call', 'users.lst']);
    expect(unknownEndpoint.code).toBe(2);
    expect((await asOwner(['users', 'lst'])).code).toBe(2);
  });

  it('exits with code 3 and says how to configure when there are no credentials', async () => {
    const result = await teamchat(['users', 'list']);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('error: no API key, email or site configured');
    for (const way of ['--api-key', 'ZULIP_API_KEY', 'key=', '~/.zuliprc']) expect(result.stderr).toContain(way);
  });

  it('exits with code 4 at once when the connection is refused, saying what it tried and where the site came from', async () => {
    const port = await freePort();
    const site = `http://127.0.0.1:${port}`;
    // No retries (a read is retried 3 times after other network errors): no "retrying" note.
    const viaFlag = await teamchat(['--site', site, '--email', 'x@example.com', '--api-key', 'abc', 'users', 'list']);
    expect(viaFlag).toEqual({
      code: 4,
      stdout: '',
      stderr: `error: connection refused at ${site} (tried GET ${site}/api/v1/users)\nhint: is the server running, on that address? The site came from --site\n`,
    });
    const zuliprc = join(dir, 'zuliprc-dead-port');
    writeFileSync(zuliprc, `[api]\nemail=x@example.com\nkey=abc\nsite=${site}\n`);
    const viaFile = await teamchat(['--config', zuliprc, 'users', 'list']);
    expect(viaFile.code).toBe(4);
    expect(viaFile.stderr.split('\n')).toEqual([
      `error: connection refused at ${site} (tried GET ${site}/api/v1/users)`,
      `hint: is the server running, on that address? The site came from site= in ${zuliprc} (teamchat-server rewrites the zuliprc files it wrote when it restarts on another port)`,
      '',
    ]);
  });

  it('reads ZULIP_CONFIG, and --config wins over it', async () => {
    const member = server.zuliprc('member');
    const viaEnv = await teamchat(['call', 'users.me', '--json'], { ZULIP_CONFIG: member });
    expect(JSON.parse(viaEnv.stdout)).toMatchObject({ email: 'mike@teamchat.example' });
    const flagWins = await teamchat(['--config', server.zuliprc('owner'), 'call', 'users.me', '--json'], {
      ZULIP_CONFIG: member,
    });
    expect(JSON.parse(flagWins.stdout)).toMatchObject({ email: 'olivia@teamchat.example' });
  });

  it('--help works without any configuration', async () => {
    const result = await teamchat(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: teamchat');
  });

  it('--verbose shows the requests but never the API key', async () => {
    const result = await asOwner(['--verbose', 'users', 'list']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`> GET ${server.url}/api/v1/users`);
    const key = /\nkey=(\S+)/.exec(readFileSync(server.zuliprc('owner'), 'utf8'))?.[1] ?? 'the key was not found';
    expect(result.stderr).not.toContain(key);
  });
});
