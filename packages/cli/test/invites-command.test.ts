/**
 * `teamchat invites …` as an administrator runs it: the built CLI against the built reference
 * server (with `--show-emails`), both child processes; each step checked through the API and the
 * server's email outbox.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuilds, REPO_ROOT } from '../../../test-support/fresh-build.js';
import { startServer, type RunningServer } from '../../../test-support/start-server.js';

const CLI_BIN = join(REPO_ROOT, 'packages/cli/bin/teamchat.js');

let dir: string;
let home: string;
let server: RunningServer;

function teamchat(
  role: 'owner' | 'member',
  args: readonly string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_BIN, '--config', server.zuliprc(role), ...args], {
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

async function ok(args: readonly string[], role: 'owner' | 'member' = 'owner'): Promise<string> {
  const result = await teamchat(role, args);
  expect(result.stderr, args.join(' ')).toBe('');
  expect(result.code, args.join(' ')).toBe(0);
  return result.stdout;
}

interface ListedInvite {
  id: number;
  is_multiuse: boolean;
  email?: string;
  invited_as: number;
  expiry_date: number | null;
}

async function listed(): Promise<ListedInvite[]> {
  return (JSON.parse(await ok(['invites', 'list', '--json'])) as { invites: ListedInvite[] }).invites;
}

async function emailsTo(to: string): Promise<{ template: string }[]> {
  const response = await fetch(`${server.url}/dev/emails?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { emails: { template: string }[] }).emails;
}

beforeAll(async () => {
  assertFreshBuilds();
  dir = mkdtempSync(join(tmpdir(), 'teamchat-invites-'));
  home = join(dir, 'home');
  mkdirSync(home);
  server = await startServer(dir, { args: ['--show-emails'] });
});

afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('teamchat invites', () => {
  it('sends, lists, resends and revokes email invitations', async () => {
    expect(await ok(['invites', 'list'])).toBe('No pending invitations\n');
    expect(
      await ok([
        'invites',
        'send',
        'ada@example.com',
        'grace@example.com',
        '--channel',
        'general,engineering',
        '--role',
        'moderator',
        '--never-expires',
      ]),
    ).toBe('Invited 2 addresses\n');
    const invites = await listed();
    expect(invites.map((invite) => [invite.email, invite.invited_as, invite.expiry_date])).toEqual([
      ['ada@example.com', 300, null],
      ['grace@example.com', 300, null],
    ]);
    const table = await ok(['invites', 'list']);
    expect(table.split('\n')[0]).toMatch(/^ID\s+KIND\s+TO\s+ROLE\s+BY\s+EXPIRES$/);
    expect(table).toMatch(/email\s+ada@example\.com\s+moderator\s+\d+\s+never/);

    const ada = invites[0]?.id ?? 0;
    expect(await ok(['invites', 'resend', String(ada)])).toBe(`Resent email invitation ${ada}\n`);
    expect((await emailsTo('ada@example.com')).map((email) => email.template)).toEqual(['invitation', 'invitation']);

    const refused = await teamchat('owner', ['invites', 'revoke', String(ada)]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('not confirmed (no terminal to ask)');
    expect(await ok(['invites', 'revoke', String(ada), '--yes'])).toBe(`Revoked email invitation ${ada}\n`);
    expect((await listed()).map((invite) => invite.email)).toEqual(['grace@example.com']);
  });

  it('reports the addresses a partial failure skipped, and the server’s refusals', async () => {
    const partial = await teamchat('owner', ['invites', 'send', 'new@example.com', 'mike@teamchat.example']);
    expect(partial.code).toBe(1);
    expect(partial.stderr).toContain(
      'We did send invitations to everyone else! (mike@teamchat.example: Already has an account.)',
    );
    expect((await listed()).some((invite) => invite.email === 'new@example.com')).toBe(true);

    const member = await teamchat('member', ['invites', 'link']);
    expect(member.code).toBe(1);
    expect(member.stderr).toContain('Insufficient permission');
    const badRole = await teamchat('owner', ['invites', 'send', 'x@example.com', '--role', 'king']);
    expect(badRole.code).toBe(2);
    expect(badRole.stderr).toContain('expected one of owner, administrator, moderator, member, guest');
  });

  it('creates and revokes a reusable link; --dry-run sends nothing', async () => {
    const dry = await ok(['invites', 'link', '--role', 'guest', '--dry-run']);
    expect(dry).toContain('POST');
    expect(dry).toContain('/invites/multiuse');
    const link = (
      await ok(['invites', 'link', '--role', 'guest', '--channel', 'general', '--expires-in-minutes', '60'])
    ).trim();
    expect(link).toMatch(new RegExp(`^${server.url}/join/[a-z0-9]{24}/$`));
    const id = (await listed()).find((invite) => invite.is_multiuse)?.id ?? 0;
    expect(await ok(['invites', 'revoke', '--link', String(id), '--yes'])).toBe(`Revoked invitation link ${id}\n`);
    expect((await fetch(link)).status).toBe(400);
  });

  it('shows examples in every subcommand’s help', async () => {
    for (const sub of ['list', 'send', 'link', 'revoke', 'resend']) {
      const help = await ok(['invites', sub, '--help']);
      expect(help, sub).toMatch(/Examples?:\n {2}teamchat invites /);
    }
  });
});
