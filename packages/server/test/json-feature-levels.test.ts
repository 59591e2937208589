/**
 * The web app's `/json/…` routes answer as the chosen feature level, as `/api/v1/…` does: an
 * endpoint added after it is unknown, a parameter added after it is ignored and reported, a
 * response field added after it is left out. Real HTTP on a loopback port, a logged-in session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../../../test-support/cookie-jar.js';
import { createMemoryServer, type MemoryServer } from '../src/memory.js';
import { listen, type RunningServer } from '../src/node/node-server.js';

const PASSWORDS = {
  owner: 'owner-pass-1',
  administrator: 'admin-pass-1',
  moderator: 'moderator-pass-1',
  member: 'member-pass-1',
  guest: 'guest-pass-1',
};
const OLDER_LEVEL = 400;

let memory: MemoryServer;
let server: RunningServer;
const account = (role: keyof typeof PASSWORDS) => memory.accounts.find((a) => a.role === role);

beforeAll(async () => {
  memory = await createMemoryServer({ seed: 4, passwords: PASSWORDS, config: { featureLevel: OLDER_LEVEL } });
  server = await listen({ handler: memory.handler });
});
afterAll(async () => {
  await server?.close();
});

async function loggedIn(role: keyof typeof PASSWORDS): Promise<CookieJar> {
  const jar = new CookieJar(server.url);
  await jar.fetch('/login/');
  if (!jar.get('csrftoken')) await jar.fetch('/accounts/do_confirm/nokey');
  const login = await jar.fetch('/accounts/login/', {
    form: { username: account(role)?.email ?? '', password: PASSWORDS[role] },
  });
  expect(login.status, await login.clone().text()).toBe(200);
  return jar;
}

describe('/json/ at an older feature level', () => {
  it('answers an endpoint added after the level as unknown (POST /channels is FL 417)', async () => {
    const jar = await loggedIn('owner');
    const create = await jar.fetch('/json/channels', { form: { name: 'later', subscribers: '[]' } });
    expect(create.status).toBe(404);
    expect(await create.json()).toEqual({
      result: 'error',
      msg: 'Unknown API endpoint: POST /json/channels',
      code: 'BAD_REQUEST',
    });
    expect([...memory.core.services.store.all('channels')].some((channel) => channel.name === 'later')).toBe(false);
  });

  it('ignores and reports a parameter added after the level (web_left_sidebar_show_channel_folders is FL 411)', async () => {
    const jar = await loggedIn('member');
    const answer = await jar.fetch('/json/settings', {
      method: 'PATCH',
      form: { web_left_sidebar_show_channel_folders: 'false', enter_sends: 'true' },
    });
    expect(await answer.json()).toMatchObject({
      result: 'success',
      ignored_parameters_unsupported: ['web_left_sidebar_show_channel_folders'],
    });
    const me = memory.core.services.store.get('users', account('member')?.userId ?? 0);
    expect(me?.settings.enter_sends).toBe(true);
    expect(me?.settings.web_left_sidebar_show_channel_folders).toBe(true);
  });

  it('leaves out response fields added after the level (max_reminder_note_length is FL 415)', async () => {
    const jar = await loggedIn('member');
    const state = (await (
      await jar.fetch('/json/register', { form: { fetch_event_types: '["realm"]' } })
    ).json()) as Record<string, unknown>;
    expect(state).toMatchObject({ result: 'success', zulip_feature_level: OLDER_LEVEL });
    expect(state).toHaveProperty('max_topic_length');
    expect(state).not.toHaveProperty('max_reminder_note_length');
  });
});
