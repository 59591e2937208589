/**
 * The administrator's commands, as an admin runs them: the built `teamchat` against the built
 * reference server, both child processes, each task checked through the API afterwards.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { assertFreshBuilds, REPO_ROOT } from '../../../test-support/fresh-build.js';
import { startServer, type RunningServer } from '../../../test-support/start-server.js';

const CLI_BIN = join(REPO_ROOT, 'packages/cli/bin/teamchat.js');

// Each test runs several CLI processes one after another (each a Node start-up): on a loaded
// machine 20 s is too short for them, as the full run showed twice.
vi.setConfig({ testTimeout: 60_000 });

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
  return as('owner', args, input);
}

/** `teamchat --config <the zuliprc of role> args…`, stdin from `input`. */
function as(role: 'owner' | 'member', args: readonly string[], input = ''): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_BIN, '--config', server.zuliprc(role), ...args], {
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

  it('creates an account with a password made and shown once, given on stdin, or shown redacted by --dry-run', async () => {
    const created = await ok(['users', 'create', 'ada@example.com', 'Ada Lovelace']);
    const [, id = '', password = ''] =
      /^Created user (\d+) ada@example\.com\nPassword: (\S+) \(shown once; they can change it in their settings\)\n$/.exec(
        created,
      ) ?? [];
    expect(password).toMatch(/^[\w-]{20}$/);
    expect((await json<{ user: { full_name: string; role: number } }>(['users', 'show', id])).user).toMatchObject({
      full_name: 'Ada Lovelace',
      role: 400,
    });
    // The password works: POST /fetch_api_key with it answers the new account's key.
    expect(
      await json<{ user_id: number }>([
        'call',
        'server.fetchApiKey',
        'username=ada@example.com',
        `password=${password}`,
      ]),
    ).toMatchObject({ user_id: Number(id) });

    const fromStdin = JSON.parse(
      await ok(
        ['users', 'create', 'grace@example.com', 'Grace Hopper', '--password-stdin', '--json'],
        'correct-horse-battery-staple\n',
      ),
    ) as { user_id: number; password?: string };
    expect(fromStdin.password).toBeUndefined();
    expect(
      await json<{ user_id: number }>([
        'call',
        'server.fetchApiKey',
        'username=grace@example.com',
        'password=correct-horse-battery-staple',
      ]),
    ).toMatchObject({ user_id: fromStdin.user_id });

    expect(
      await ok([
        'users',
        'create',
        'alan@example.com',
        'Alan Turing',
        '--password',
        'enigma-machine-1912',
        '--dry-run',
      ]),
    ).toBe(
      'dry run: nothing was sent\nPOST /api/v1/users (users.create)\n  email=alan@example.com\n  full_name=Alan Turing\n  password=[REDACTED]\n',
    );
    const taken = await asOwner(['users', 'create', 'ada@example.com', 'Ada Again']);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toMatch(/^error: BAD_REQUEST: .*ada@example\.com/);
  });

  it("exits 1 with the server's error, and 2 for an unknown user, changing nothing", async () => {
    const lastOwner = await asOwner(['users', 'set-role', 'olivia@teamchat.example', 'member']);
    expect(lastOwner.code).toBe(1);
    expect(lastOwner.stderr).toMatch(/^error: BAD_REQUEST: /);
    const unknown = await asOwner(['users', 'set-role', 'nobody@teamchat.example', 'member']);
    expect(unknown).toMatchObject({
      code: 2,
      stderr:
        'error: user: no user has the email nobody@teamchat.example\nhint: teamchat users list shows every user and email\n',
    });
  });
});

describe('teamchat groups', () => {
  it('creates a group, changes its members and deactivates it', async () => {
    const { group_id: id } = await json<{ group_id: number }>([
      'groups',
      'create',
      'qa',
      '--description',
      'Testers',
      '--members',
      'mike@teamchat.example',
    ]);
    await ok(['groups', 'add', 'qa', '5', 'maya@teamchat.example']);
    await ok(['groups', 'remove', String(id), 'mike@teamchat.example']);
    expect((await json<{ members: number[] }>(['groups', 'members', 'qa'])).members.sort()).toEqual([3, 5]);
    expect(await ok(['groups', 'members', 'qa'])).toMatch(
      /^ID +NAME +EMAIL\n 3 +Maya Moderator +maya@teamchat\.example\n 5 +Gina Guest/,
    );
    expect(await ok(['groups', 'deactivate', 'qa', '--yes'])).toBe(`Deactivated group ${id}\n`);
    expect(await ok(['groups', 'list', '--no-system'])).not.toContain(' qa ');
    expect(await ok(['groups', 'list', '--no-system', '--deactivated'])).toMatch(/ qa +2 +0 +no +yes +Testers/);
  });
});

describe('teamchat channels, default-channels', () => {
  it('subscribes and unsubscribes other users, and refuses a channel that does not exist', async () => {
    await ok(['channels', 'subscribe', 'engineering', '--users', 'gina@teamchat.example,5']);
    expect((await json<{ subscribers: number[] }>(['channels', 'members', 'engineering'])).subscribers).toContain(5);
    expect(await ok(['channels', 'unsubscribe', 'engineering', '--users', '5'])).toBe(
      'Removed 1 subscription(s); 0 were not there\n',
    );
    expect((await json<{ subscribers: number[] }>(['channels', 'members', 'engineering'])).subscribers).not.toContain(
      5,
    );
    const missing = await asOwner(['channels', 'subscribe', 'no-such-channel', '--users', '5']);
    expect(missing.code).toBe(2);
    expect(
      (await json<{ streams: { name: string }[] }>(['channels', 'list', '--all'])).streams.map((s) => s.name),
    ).not.toContain('no-such-channel');
  });

  it('keeps the creator in a private channel made with --subscribers, and finds a private channel by name without a subscription', async () => {
    const visible = async () =>
      (await json<{ streams: { name: string }[] }>(['channels', 'list'])).streams.map((s) => s.name);
    await ok(['channels', 'create', 'secret', '--private', '--subscribers', 'mike@teamchat.example']);
    expect(await visible()).toContain('secret');
    expect((await json<{ subscribers: number[] }>(['channels', 'members', 'secret'])).subscribers).toEqual([1, 4]);

    // Left out on purpose: the channel leaves the owner's list, and its name still finds it.
    await ok(['channels', 'create', 'hidden', '--private', '--subscribers', '4', '--no-join']);
    expect(await visible()).not.toContain('hidden');
    expect((await json<{ subscribers: number[] }>(['channels', 'members', 'hidden'])).subscribers).toEqual([4]);
    expect(await ok(['channels', 'members', 'Hidden'])).toMatch(
      /^ID +NAME +EMAIL\n +4 +Mike Member +mike@teamchat\.example\n$/,
    );
    // What the caller cannot see stays unknown: Mike finds 'hidden' (he is in it), not a
    // private channel of the moderator's, which the owner (an administrator) finds.
    expect((await as('member', ['--json', 'channels', 'members', 'hidden'])).stdout).toContain('"subscribers"');
    await ok(['channels', 'create', 'vault', '--private', '--subscribers', '3', '--no-join']);
    expect((await json<{ subscribers: number[] }>(['channels', 'members', 'vault'])).subscribers).toEqual([3]);
    const notSeen =
      "error: channel: no channel named 'vault' that you can see\nhint: teamchat channels list --all shows the channels\n";
    expect(await as('member', ['channels', 'members', 'vault'])).toMatchObject({ code: 2, stderr: notSeen });
    const mike = await as('member', ['channels', 'members', 'no-such-channel']);
    expect(mike).toMatchObject({ code: 2, stderr: notSeen.replaceAll('vault', 'no-such-channel') });
  });

  it('adds and removes a default channel', async () => {
    const names = async () =>
      (await json<{ streams: { name: string }[] }>(['default-channels', 'list'])).streams.map((s) => s.name);
    expect(await names()).not.toContain('engineering');
    await ok(['default-channels', 'add', 'engineering']);
    expect(await names()).toContain('engineering');
    await ok(['default-channels', 'remove', '#engineering']);
    expect(await names()).not.toContain('engineering');
    // Through the default-channel endpoints of their own.
    expect(await ok(['default-channels', 'add', 'engineering', '--dry-run'])).toBe(
      'dry run: nothing was sent\nPOST /api/v1/default_streams (defaultChannels.add)\n  stream_id=2\n',
    );
    expect(await ok(['default-channels', 'remove', 'engineering', '--dry-run'])).toContain(
      'DELETE /api/v1/default_streams (defaultChannels.remove)',
    );
  });
});

describe('teamchat linkifiers, playgrounds, profile-fields, org', () => {
  it('manages linkifiers and playgrounds', async () => {
    const { id } = await json<{ id: number }>([
      'linkifiers',
      'add',
      'CASE-(?P<id>[0-9]+)',
      'https://cases.example/{id}',
    ]);
    await ok(['linkifiers', 'update', String(id), 'TICKET-(?P<id>[0-9]+)', 'https://tickets.example/{id}']);
    expect(await ok(['linkifiers', 'list'])).toMatch(
      new RegExp(`\\n *${id} +TICKET-\\(\\?P<id>\\[0-9\\]\\+\\) +https://tickets\\.example/\\{id\\}\\n`),
    );
    await ok(['linkifiers', 'remove', String(id), '--yes']);
    expect(await ok(['linkifiers', 'list'])).not.toContain('TICKET-');

    const playground = await json<{ id: number }>([
      'playgrounds',
      'add',
      'Rust playground',
      'rust',
      'https://play.rust-lang.org/?code={code}',
    ]);
    expect(await ok(['playgrounds', 'list'])).toMatch(
      /Rust playground +rust +https:\/\/play\.rust-lang\.org\/\?code=\{code\}/,
    );
    await ok(['playgrounds', 'remove', String(playground.id), '--yes']);
    expect((await json<{ playgrounds: unknown[] }>(['playgrounds', 'list'])).playgrounds).toEqual([]);
  });

  it('lists the custom profile fields and shows the organization settings', async () => {
    expect(await ok(['profile-fields', 'list'])).toMatch(
      /^ID +NAME +TYPE +REQUIRED +EDITABLE +HINT\n +1 +Phone number +short text /,
    );
    const org = await json<Record<string, unknown>>(['org', 'show']);
    expect(org['realm_name']).toBe('Teamchat Demo');
    // The table leads with the organization's name.
    expect((await ok(['org', 'show'])).split('\n')[0]).toMatch(/^realm_name: +Teamchat Demo$/);
    expect(Object.keys(org).every((key) => key.startsWith('realm_'))).toBe(true);
  });

  // 18 runs of the CLI, each a new Node process: past the default 20 s on a loaded machine.
  it('creates, changes, reorders and deletes custom profile fields', { timeout: 60_000 }, async () => {
    type Field = {
      id: number;
      name: string;
      type: number;
      hint: string;
      required: boolean;
      editable_by_user: boolean;
      field_data: string;
    };
    const fields = async () => (await json<{ custom_fields: Field[] }>(['profile-fields', 'list'])).custom_fields;
    const { id } = await json<{ id: number }>([
      'profile-fields',
      'create',
      'Team',
      '--type',
      'select',
      '--choice',
      'Backend',
      '--choice',
      'Frontend',
      '--hint',
      'Where you work',
      '--no-editable',
    ]);
    const created = (await fields()).find((field) => field.id === id);
    expect(created).toMatchObject({
      name: 'Team',
      type: 3,
      hint: 'Where you work',
      required: false,
      editable_by_user: false,
    });
    expect(JSON.parse(created?.field_data ?? '{}')).toEqual({
      0: { text: 'Backend', order: '0' },
      1: { text: 'Frontend', order: '1' },
    });

    expect(await ok(['profile-fields', 'update', 'Team', '--name', 'Squad', '--required'])).toBe(
      `Updated custom profile field ${id}\n`,
    );
    expect((await fields()).find((field) => field.id === id)).toMatchObject({
      name: 'Squad',
      required: true,
      editable_by_user: false,
      hint: 'Where you work',
    });

    const order = (await fields()).map((field) => field.id);
    const reordered = [id, ...order.filter((other) => other !== id)];
    expect(await ok(['profile-fields', 'reorder', ...reordered.map(String)])).toBe(
      `Reordered ${reordered.length} custom profile field(s)\n`,
    );
    expect((await fields()).map((field) => field.id)).toEqual(reordered);

    const wrongType = await asOwner(['profile-fields', 'create', 'Shoe size', '--type', 'number']);
    expect(wrongType.code).toBe(2);
    expect(wrongType.stderr).toContain(
      'expected one of short-text, long-text, select, date, link, users, external-account, pronouns',
    );
    const badPattern = await asOwner([
      'profile-fields',
      'create',
      'Blog',
      '--type',
      'external-account',
      '--account',
      'custom',
      '--url-pattern',
      'https://blog.example/',
    ]);
    expect(badPattern).toMatchObject({ code: 1, stdout: '' });
    expect(badPattern.stderr).toContain('Malformed URL pattern.');

    const unconfirmed = await asOwner(['profile-fields', 'delete', 'Squad']);
    expect(unconfirmed.code).toBe(2);
    expect((await fields()).some((field) => field.id === id)).toBe(true);
    expect(await ok(['profile-fields', 'delete', 'Squad', '--yes'])).toBe(`Deleted custom profile field ${id}\n`);
    expect(
      (await fields()).some((field) => field.id === id || field.name === 'Blog' || field.name === 'Shoe size'),
    ).toBe(false);
    expect((await asOwner(['profile-fields', 'delete', 'Squad', '--yes'])).stderr).toContain(
      "no custom profile field named 'Squad'",
    );
  });

  it("shows and changes the organization's settings, checking names and values before sending", async () => {
    const settings = await json<Record<string, unknown>>(['org', 'settings', 'show']);
    expect(settings).toMatchObject({
      name: 'Teamchat Demo',
      message_edit_history_visibility_policy: 'all',
      enable_spectator_access: false,
    });
    expect(Object.keys(settings)).not.toContain('realm_name');

    expect(
      await ok([
        'org',
        'settings',
        'set',
        'name=Acme Corp',
        'message_content_edit_limit_seconds=600',
        'message_edit_history_visibility_policy=moves',
      ]),
    ).toBe(
      "Updated the organization's name, message_content_edit_limit_seconds, message_edit_history_visibility_policy\n",
    );
    expect(
      await json<Record<string, unknown>>([
        'org',
        'settings',
        'show',
        'name',
        'message_content_edit_limit_seconds',
        'message_edit_history_visibility_policy',
      ]),
    ).toEqual({
      name: 'Acme Corp',
      message_content_edit_limit_seconds: 600,
      message_edit_history_visibility_policy: 'moves',
    });
    expect(await ok(['org', 'settings', 'set', 'message_content_edit_limit_seconds="unlimited"', '--dry-run'])).toBe(
      'dry run: nothing was sent\nPATCH /api/v1/realm (realm.update)\n  message_content_edit_limit_seconds="unlimited"\n',
    );

    const typo = await asOwner(['org', 'settings', 'set', 'nmae=Typo Inc']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("unknown setting 'nmae' for realm.update (PATCH /realm)");
    expect(typo.stderr).toContain('name');
    const badValue = await asOwner(['org', 'settings', 'set', 'message_edit_history_visibility_policy=sometimes']);
    expect(badValue.code).toBe(2);
    expect(badValue.stderr).toContain('message_edit_history_visibility_policy');
    expect((await asOwner(['org', 'settings', 'show', 'nmae'])).code).toBe(2);
    expect((await json<Record<string, unknown>>(['org', 'settings', 'show', 'name']))['name']).toBe('Acme Corp');
    await ok(['org', 'settings', 'set', 'name=Teamchat Demo']);
  });
});

describe('teamchat messages, topics, files', () => {
  it('sends to a topic (also from stdin), lists it, and exports the channel page by page with progress', async () => {
    expect(await ok(['messages', 'send', '--channel', 'general', '--topic', 'release', 'Shipped *1.0*'])).toMatch(
      /^Sent message \d+\n$/,
    );
    await ok(['messages', 'send', '--channel', 'general', '--topic', 'release', '-'], 'Notes follow\n');
    await ok(['messages', 'send', '--to', 'mike@teamchat.example', 'a direct message']);
    const listed = await ok(['messages', 'list', '--channel', 'general', '--topic', 'release']);
    expect(listed).toMatch(
      /^ID +DATE \(UTC\) +SENDER +CONTENT\n *\d+ +\d{4}-\d\d-\d\d \d\d:\d\d +Olivia Owner +Shipped \*1\.0\*\n *\d+ .* Notes follow\n$/,
    );

    const all = (
      await json<{ messages: { id: number }[] }>(['messages', 'list', '--channel', 'general', '--limit', '5000'])
    ).messages.map((m) => m.id);
    const file = join(dir, 'general.jsonl');
    const exported = await asOwner(['messages', 'export', '--channel', 'general', '--batch-size', '2', '-o', file]);
    expect(exported.code).toBe(0);
    const ids = readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as { id: number }).id);
    expect(ids).toEqual(all);
    const lines = exported.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(Math.ceil((all.length + 1) / 2) + 1);
    expect(lines.at(-1)).toBe(`exported ${all.length} message(s) to ${file}`);
  });

  it('renames a topic, moving all its messages, with or without the notice', async () => {
    await ok(['messages', 'send', '--channel', 'general', '--topic', 'relase notes', 'first']);
    await ok(['messages', 'send', '--channel', 'general', '--topic', 'relase notes', 'second']);
    const dry = await ok([
      'topics',
      'rename',
      '--channel',
      'general',
      '--topic',
      'relase notes',
      'release notes',
      '--dry-run',
    ]);
    expect(dry).toMatch(
      /^dry run: nothing was sent\nPATCH \/api\/v1\/messages\/\d+ \(messages\.update\)\n  topic=release notes\n  propagate_mode=change_all\n$/,
    );
    expect(await ok(['topics', 'rename', '--channel', 'general', '--topic', 'relase notes', 'release notes'])).toBe(
      'Renamed topic "relase notes" to "release notes" in channel 1\n',
    );
    const topics = await ok(['topics', 'list', '--channel', 'general']);
    expect(topics).toContain('release notes');
    expect(topics).not.toContain('relase notes');
    const moved = await json<{ messages: { content: string; sender_full_name: string }[] }>([
      'messages',
      'list',
      '--channel',
      'general',
      '--topic',
      'release notes',
    ]);
    expect(moved.messages.map((m) => m.content)).toEqual(expect.arrayContaining(['first', 'second']));
    expect(moved.messages.some((m) => m.sender_full_name === 'Notification Bot')).toBe(true);

    await ok([
      'topics',
      'rename',
      '--channel',
      'general',
      '--topic',
      'release notes',
      'release notes 1.0',
      '--no-notify',
    ]);
    const quiet = await json<{ messages: { sender_full_name: string }[] }>([
      'messages',
      'list',
      '--channel',
      'general',
      '--topic',
      'release notes 1.0',
    ]);
    expect(quiet.messages.filter((m) => m.sender_full_name === 'Notification Bot')).toHaveLength(
      moved.messages.filter((m) => m.sender_full_name === 'Notification Bot').length,
    );
    const missing = await asOwner(['topics', 'rename', '--channel', 'general', '--topic', 'no such topic', 'x']);
    expect(missing).toMatchObject({
      code: 2,
      stderr:
        'error: no topic "no such topic" with messages in channel general\nhint: teamchat topics list --channel general shows its topics\n',
    });
  });

  it('deletes a topic with its messages after --dry-run showed the request', async () => {
    await ok(['messages', 'send', '--channel', 'general', '--topic', 'old logs', 'to be deleted']);
    const dry = await ok(['topics', 'delete', '--channel', 'general', '--topic', 'old logs', '--dry-run']);
    expect(dry).toBe(
      'dry run: nothing was sent\nPOST /api/v1/streams/1/delete_topic (channels.deleteTopic)\n  topic_name=old logs\n',
    );
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
    expect(uploaded).toMatch(
      /^Uploaded report\.txt: \/user_uploads\/\S+\/report\.txt\nLink it in a message: \[report\.txt\]\(\/user_uploads\/\S+\)\n$/,
    );
    const { attachments } = await json<{ attachments: { id: number; name: string; size: number }[] }>([
      'files',
      'list',
    ]);
    const attachment = attachments.find((entry) => entry.name === 'report.txt');
    expect(attachment?.size).toBe(17);
    // Another user's upload counts in the organization's space, not in the owner's list.
    const other = join(dir, 'mike.txt');
    writeFileSync(other, 'twelve bytes');
    expect((await as('member', ['files', 'upload', other])).code).toBe(0);
    const { upload_space_used: used } = await json<{ upload_space_used: number }>(['files', 'list']);
    const footer = (await ok(['files', 'list'])).trimEnd().split('\n').slice(-2);
    expect(footer).toEqual([
      `Listed: ${attachments.length} file(s), yours, ${attachments.reduce((sum, file) => sum + file.size, 0)} bytes in all`,
      `Space used by the organization's uploads (everyone's; the upload quota counts this): ${used} bytes`,
    ]);
    expect(used).toBeGreaterThanOrEqual(17 + 12);
    await ok(['files', 'delete', String(attachment?.id), '--yes']);
    expect(
      (await json<{ attachments: { name: string }[] }>(['files', 'list'])).attachments.map((a) => a.name),
    ).not.toContain('report.txt');
  });

  it('creates a data export, waits for it, lists and downloads it as a seedable fixture', async () => {
    expect(await ok(['export', 'create', '--dry-run'])).toBe(
      'dry run: nothing was sent\nPOST /api/v1/export/realm (exports.create)\n  export_type=1\n',
    );
    const created = await asOwner(['export', 'create', '--wait']);
    expect(created.code, created.stderr).toBe(0);
    const id = Number(
      /^Data export (\d+) is ready: http:\/\/\S+\/user_avatars\/exports\/\S+\.json\n/.exec(created.stdout)?.[1],
    );
    expect(id).toBeGreaterThan(0);
    const listed = await ok(['export', 'list']);
    expect(listed).toMatch(new RegExp(`^\\s*${id}\\s+public\\s+\\S+ \\S+\\s+\\d+\\s+ready\\s+http`, 'm'));
    const file = join(dir, 'acme-export.json');
    expect(await ok(['export', 'download', String(id), '-o', file])).toMatch(
      new RegExp(`^Wrote data export ${id} to .*acme-export\\.json \\(\\d+ bytes\\)\n`),
    );
    const fixture = JSON.parse(readFileSync(file, 'utf8')) as { organization: { name: string }; users: unknown[] };
    expect(fixture.organization.name).toBe('Teamchat Demo');
    expect(fixture.users.length).toBeGreaterThan(1);
    const missing = await asOwner(['export', 'download', '999']);
    expect(missing).toMatchObject({ code: 1, stdout: '' });
    expect(missing.stderr).toContain('There is no data export 999');
    const help = await ok(['export', '--help']);
    expect(help).toContain('create');
    expect(await ok(['export', 'create', '--help'])).toContain('teamchat export create --type standard --wait');
  });
});
