import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuilds, REPO_ROOT } from '../../../test-support/fresh-build.js';
import { runNodeScript } from '../../../test-support/processes.js';
import { startServer } from '../../../test-support/start-server.js';

const BIN = join(REPO_ROOT, 'packages/server/dist/bin.js');

let dir: string;
beforeAll(() => {
  assertFreshBuilds();
  dir = mkdtempSync(join(tmpdir(), 'teamchat-operator-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The address and key of a zuliprc file. */
function account(
  zuliprc: string,
  email = /^email=(.*)$/m.exec(readFileSync(zuliprc, 'utf8'))?.[1] ?? '',
): { email: string; authorization: string } {
  const key = /^key=(.*)$/m.exec(readFileSync(zuliprc, 'utf8'))?.[1] ?? '';
  return { email, authorization: `Basic ${btoa(`${email}:${key}`)}` };
}

async function api(
  url: string,
  authorization: string,
  method: string,
  path: string,
  params?: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(
    `${url}/api/v1${path}${method === 'GET' && params ? `?${new URLSearchParams(params)}` : ''}`,
    {
      method,
      headers: { authorization, ...(method === 'GET' ? {} : { 'content-type': 'application/x-www-form-urlencoded' }) },
      ...(method === 'GET' || !params ? {} : { body: new URLSearchParams(params) }),
    },
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const command = (...args: string[]) => runNodeScript(BIN, args);

describe('teamchat-server deactivate-organization, reactivate-organization and change-user-role', () => {
  it('reach a running server over its control channel (applied at once, with its events), and apply to the data file when no server runs', async () => {
    const dataFile = join(dir, 'data.json');
    let server = await startServer(dir);
    const admin = account(server.zuliprc('administrator'));
    const owner = account(server.zuliprc('owner'));
    let member = account(server.zuliprc('member'));
    const memberId = Number((await api(server.url, member.authorization, 'GET', '/users/me')).body['user_id']);

    // Special permissions: refused, granted by the operator while the server runs, then allowed.
    const newEmail = { new_email: 'mike.renamed@teamchat.example' };
    expect((await api(server.url, admin.authorization, 'PATCH', `/users/${memberId}`, newEmail)).body).toMatchObject({
      msg: 'User not authorized to change user emails',
    });
    const grant = await command(
      'change-user-role',
      '--data',
      dataFile,
      '--email',
      admin.email,
      '--role',
      'can_change_user_emails',
    );
    expect(grant).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(await api(server.url, admin.authorization, 'PATCH', `/users/${memberId}`, newEmail)).toMatchObject({
      status: 200,
      body: { result: 'success' },
    });
    // The key stays; the old address no longer authenticates (the real access_user_by_api_key).
    expect((await api(server.url, member.authorization, 'GET', '/users/me')).body).toMatchObject({
      code: 'UNAUTHORIZED',
      msg: 'Invalid API key',
    });
    member = account(server.zuliprc('member'), newEmail.new_email);
    const twice = await command(
      'change-user-role',
      '--data',
      dataFile,
      '--email',
      admin.email,
      '--role',
      'can_change_user_emails',
    );
    expect(twice).toEqual({
      code: 1,
      stdout: '',
      stderr: 'teamchat-server: User can already change user emails for this realm.\n',
    });
    const badRole = await command(
      'change-user-role',
      '--data',
      dataFile,
      '--email',
      admin.email,
      '--role',
      'superuser',
    );
    expect(badRole.code).toBe(2);
    expect(badRole.stderr).toContain(
      "--role must be one of owner, admin, moderator, member, guest, can_forge_sender, can_create_users, can_change_user_emails, got 'superuser'",
    );

    // Deactivation while it runs: a long poll started before it gets the event; calls are refused.
    const { body: queue } = await api(server.url, owner.authorization, 'POST', '/register', {
      event_types: '["realm"]',
    });
    const poll = api(server.url, owner.authorization, 'GET', '/events', {
      queue_id: String(queue['queue_id']),
      last_event_id: '-1',
    });
    const deactivate = await command('deactivate-organization', '--data', dataFile);
    expect(deactivate.code).toBe(0);
    expect(deactivate.stdout).toMatch(/^Deactivating \S+\nDone!\n$/);
    expect((await poll).body['events']).toEqual([{ type: 'realm', op: 'deactivated', realm_id: 1, id: 0 }]);
    expect(await api(server.url, member.authorization, 'GET', '/users/me')).toEqual({
      status: 401,
      body: { result: 'error', msg: 'This organization has been deactivated', code: 'UNAUTHORIZED' },
    });
    expect((await command('deactivate-organization', '--data', dataFile)).stdout).toMatch(
      /^The realm \S+ is already deactivated\.\n$/,
    );

    // Stopped: the command takes the data file itself; the next start serves the organization again.
    await server.stop();
    const reactivate = await command('reactivate-organization', '--data', dataFile);
    expect(reactivate.code).toBe(0);
    expect(reactivate.stdout).toMatch(/^Reactivating \S+\nDone!\n$/);
    const role = await command(
      'change-user-role',
      '--data',
      dataFile,
      '--email',
      'MIKE.RENAMED@teamchat.example',
      '--role',
      'moderator',
    );
    expect(role.stdout).toBe('Role for mike.renamed@teamchat.example changed from Member to Moderator.\n');
    server = await startServer(dir);
    try {
      expect(await api(server.url, member.authorization, 'GET', '/users/me')).toMatchObject({
        status: 200,
        body: { role: 300, delivery_email: 'mike.renamed@teamchat.example' },
      });
      expect((await command('reactivate-organization', '--data', dataFile)).stdout).toMatch(
        /^Realm \S+ is already active\.\n$/,
      );
    } finally {
      await server.stop();
    }
    const missing = await command('deactivate-organization', '--data', join(dir, 'nothing.json'));
    expect(missing).toMatchObject({
      code: 1,
      stderr: `teamchat-server: no data file at ${join(dir, 'nothing.json')} (give --data FILE)\n`,
    });
  });
});
