/**
 * The administrator's commands, as an admin runs them: the built `teamchat` against the built
 * reference server, both child processes, each task checked through the API afterwards.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuilds, REPO_ROOT } from '../../../test-support/fresh-build.js';
import { startServer, type RunningServer } from '../../../test-support/start-server.js';

const CLI_BIN = join(REPO_ROOT, 'packages/cli/bin/teamchat.js');

interface ProcessResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

let dir: string;
let home: string;
let server: RunningServer;

/** `teamchat --config <owner's zuliprc> args…`, stdin from `input` (else empty: no terminal). */
function asOwner(args: readonly string[], input = ''): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_BIN, '--config', server.zuliprc('owner'), ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { PATH: process.env['PATH'] ?? '', HOME: home },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** Runs a command that must succeed without warnings; returns its stdout. */
async function ok(args: readonly string[], input?: string): Promise<string> {
  const result = await asOwner(args, input);
  expect(result.stderr, args.join(' ')).toBe('');
  expect(result.code, args.join(' ')).toBe(0);
  return result.stdout;
}

/** Runs a command with `--json` and parses its output. */
async function json<T>(args: readonly string[]): Promise<T> {
  return JSON.parse(await ok([...args, '--json'])) as T;
}

beforeAll(async () => {
  assertFreshBuilds();
  dir = mkdtempSync(join(tmpdir(), 'teamchat-admin-'));
  home = join(dir, 'home');
  mkdirSync(home);
  server = await startServer(dir);
});

afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('teamchat users', () => {
  it('changes a role, deactivates only with --yes, and reactivates', async () => {
    expect(await ok(['users', 'set-role', 'mike@teamchat.example', 'moderator'])).toBe('User 4 is now moderator\n');
    expect((await json<{ user: { role: number } }>(['users', 'show', '4'])).user.role).toBe(300);
    await ok(['users', 'set-role', '4', 'member']);

    const refused = await asOwner(['users', 'deactivate', 'gina@teamchat.example']);
    expect(refused).toMatchObject({ code: 2, stdout: '' });
    expect(refused.stderr).toBe(
      'error: Deactivate user gina@teamchat.example (5): not confirmed (no terminal to ask)\nhint: pass --yes to confirm in a script (--dry-run shows the request first)\n',
    );
    expect((await json<{ user: { is_active: boolean } }>(['users', 'show', '5'])).user.is_active).toBe(true);

    expect(await ok(['users', 'deactivate', 'gina@teamchat.example', '--yes'])).toBe('Deactivated user 5\n');
    expect((await json<{ user: { is_active: boolean } }>(['users', 'show', '5'])).user.is_active).toBe(false);
    expect(await ok(['users', 'reactivate', 'gina@teamchat.example'])).toBe('Reactivated user 5\n');
    const table = await ok(['users', 'list']);
    expect(table.split('\n').find((line) => line.includes('Gina Guest'))).toMatch(/guest +yes +no$/);
  });

  it('exits 1 with the server\'s error, and 2 for an unknown user, changing nothing', async () => {
    const lastOwner = await asOwner(['users', 'set-role', 'olivia@teamchat.example', 'member']);
    expect(lastOwner.code).toBe(1);
    expect(lastOwner.stderr).toMatch(/^error: BAD_REQUEST: /);
    const unknown = await asOwner(['users', 'set-role', 'nobody@teamchat.example', 'member']);
    expect(unknown).toMatchObject({ code: 2, stderr: 'error: user: no user has the email nobody@teamchat.example\nhint: teamchat users list shows every user and email\n' });
  });
});

describe('teamchat groups', () => {
  it('creates a group, changes its members and deactivates it', async () => {
    const { group_id: id } = await json<{ group_id: number }>(['groups', 'create', 'qa', '--description', 'Testers', '--members', 'mike@teamchat.example']);
    await ok(['groups', 'add', 'qa', '5', 'maya@teamchat.example']);
    await ok(['groups', 'remove', String(id), 'mike@teamchat.example']);
    expect((await json<{ members: number[] }>(['groups', 'members', 'qa'])).members.sort()).toEqual([3, 5]);
    expect(await ok(['groups', 'members', 'qa'])).toMatch(/^ID +NAME +EMAIL\n 3 +Maya Moderator +maya@teamchat\.example\n 5 +Gina Guest/);
    expect(await ok(['groups', 'deactivate', 'qa', '--yes'])).toBe(`Deactivated group ${id}\n`);
    expect(await ok(['groups', 'list', '--no-system'])).not.toContain(' qa ');
    expect(await ok(['groups', 'list', '--no-system', '--deactivated'])).toMatch(/ qa +2 +0 +no +yes +Testers/);
  });
});

describe('teamchat channels, default-channels', () => {
  it('subscribes and unsubscribes other users, and refuses a channel that does not exist', async () => {
    await ok(['channels', 'subscribe', 'engineering', '--users', 'gina@teamchat.example,5']);
    expect((await json<{ subscribers: number[] }>(['channels', 'members', 'engineering'])).subscribers).toContain(5);
    expect(await ok(['channels', 'unsubscribe', 'engineering', '--users', '5'])).toBe('Removed 1 subscription(s); 0 were not there\n');
    expect((await json<{ subscribers: number[] }>(['channels', 'members', 'engineering'])).subscribers).not.toContain(5);
    const missing = await asOwner(['channels', 'subscribe', 'no-such-channel', '--users', '5']);
    expect(missing.code).toBe(2);
    expect((await json<{ streams: { name: string }[] }>(['channels', 'list', '--all'])).streams.map((s) => s.name)).not.toContain('no-such-channel');
  });

  it('adds and removes a default channel', async () => {
    const names = async () => (await json<{ streams: { name: string }[] }>(['default-channels', 'list'])).streams.map((s) => s.name);
    expect(await names()).not.toContain('engineering');
    await ok(['default-channels', 'add', 'engineering']);
    expect(await names()).toContain('engineering');
    await ok(['default-channels', 'remove', '#engineering']);
    expect(await names()).not.toContain('engineering');
  });
});

describe('teamchat linkifiers, playgrounds, profile-fields, org', () => {
  it('manages linkifiers and playgrounds', async () => {
    const { id } = await json<{ id: number }>(['linkifiers', 'add', 'CASE-(?P<id>[0-9]+)', 'https://cases.example/{id}']);
    await ok(['linkifiers', 'update', String(id), 'TICKET-(?P<id>[0-9]+)', 'https://tickets.example/{id}']);
    expect(await ok(['linkifiers', 'list'])).toMatch(new RegExp(`\\n *${id} +TICKET-\\(\\?P<id>\\[0-9\\]\\+\\) +https://tickets\\.example/\\{id\\}\\n`));
    await ok(['linkifiers', 'remove', String(id), '--yes']);
    expect(await ok(['linkifiers', 'list'])).not.toContain('TICKET-');

    const playground = await json<{ id: number }>(['playgrounds', 'add', 'Rust playground', 'rust', 'https://play.rust-lang.org/?code={code}']);
    expect(await ok(['playgrounds', 'list'])).toMatch(/Rust playground +rust +https:\/\/play\.rust-lang\.org\/\?code=\{code\}/);
    await ok(['playgrounds', 'remove', String(playground.id), '--yes']);
    expect((await json<{ playgrounds: unknown[] }>(['playgrounds', 'list'])).playgrounds).toEqual([]);
  });

  it('lists the custom profile fields and shows the organization settings', async () => {
    expect(await ok(['profile-fields', 'list'])).toMatch(/^ID +NAME +TYPE +REQUIRED +EDITABLE +HINT\n +1 +Phone number +short text /);
    const org = await json<Record<string, unknown>>(['org', 'show']);
    expect(org['realm_name']).toBe('Teamchat Demo');
    expect(Object.keys(org).every((key) => key.startsWith('realm_'))).toBe(true);
  });
});

describe('teamchat messages, topics, files', () => {
  it('sends to a topic (also from stdin), lists it, and exports the channel page by page with progress', async () => {
    expect(await ok(['messages', 'send', '--channel', 'general', '--topic', 'release', 'Shipped *1.0*'])).toMatch(/^Sent message \d+\n$/);
    await ok(['messages', 'send', '--channel', 'general', '--topic', 'release', '-'], 'Notes follow\n');
    await ok(['messages', 'send', '--to', 'mike@teamchat.example', 'a direct message']);
    const listed = await ok(['messages', 'list', '--channel', 'general', '--topic', 'release']);
    expect(listed).toMatch(/^ID +DATE \(UTC\) +SENDER +CONTENT\n *\d+ +\d{4}-\d\d-\d\d \d\d:\d\d +Olivia Owner +Shipped \*1\.0\*\n *\d+ .* Notes follow\n$/);

    const all = (await json<{ messages: { id: number }[] }>(['messages', 'list', '--channel', 'general', '--limit', '5000'])).messages.map((m) => m.id);
    const file = join(dir, 'general.jsonl');
    const exported = await asOwner(['messages', 'export', '--channel', 'general', '--batch-size', '2', '-o', file]);
    expect(exported.code).toBe(0);
    const ids = readFileSync(file, 'utf8').trimEnd().split('\n').map((line) => (JSON.parse(line) as { id: number }).id);
    expect(ids).toEqual(all);
    const lines = exported.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(Math.ceil((all.length + 1) / 2) + 1);
    expect(lines.at(-1)).toBe(`exported ${all.length} message(s) to ${file}`);
  });

  it('deletes a topic with its messages after --dry-run showed the request', async () => {
    await ok(['messages', 'send', '--channel', 'general', '--topic', 'old logs', 'to be deleted']);
    const dry = await ok(['topics', 'delete', '--channel', 'general', '--topic', 'old logs', '--dry-run']);
    expect(dry).toBe('dry run: nothing was sent\nPOST /api/v1/streams/1/delete_topic (channels.deleteTopic)\n  topic_name=old logs\n');
    expect(await ok(['topics', 'list', '--channel', 'general'])).toContain('old logs');
    const deleted = await asOwner(['topics', 'delete', '--channel', 'general', '--topic', 'old logs', '--yes']);
    expect(deleted).toMatchObject({ code: 0, stdout: 'Deleted topic "old logs" in channel 1 (1 request(s))\n' });
    expect(deleted.stderr).toBe('deleting topic "old logs" in channel 1: request 1 finished it\n');
    expect(await ok(['topics', 'list', '--channel', 'general'])).not.toContain('old logs');
  });

  it('uploads, lists and deletes a file', async () => {
    const path = join(dir, 'report.txt');
    writeFileSync(path, 'quarterly numbers');
    const uploaded = await ok(['files', 'upload', path]);
    expect(uploaded).toMatch(/^Uploaded report\.txt: \/user_uploads\/\S+\/report\.txt\nLink it in a message: \[report\.txt\]\(\/user_uploads\/\S+\)\n$/);
    const { attachments } = await json<{ attachments: { id: number; name: string; size: number }[] }>(['files', 'list']);
    const attachment = attachments.find((entry) => entry.name === 'report.txt');
    expect(attachment?.size).toBe(17);
    await ok(['files', 'delete', String(attachment?.id), '--yes']);
    expect((await json<{ attachments: { name: string }[] }>(['files', 'list'])).attachments.map((a) => a.name)).not.toContain('report.txt');
  });
});
