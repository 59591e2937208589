/**
 * The mock mounts the routes of the server's page route table (`handler.siteRoutes`) as MSW
 * handlers: every path the server routes reaches the mock under `setupServer`, and answers as
 * the server's handler does; a path the server does not route is not the mock's either.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMock, type TeamchatMock } from '../src/index.js';

let mock: TeamchatMock;
let server: ReturnType<typeof setupServer>;
const unhandled: string[] = [];

beforeAll(async () => {
  mock = await createMock({ baseUrl: 'http://chat.test' });
  server = setupServer(...mock.handlers);
  // The life-cycle event, not a listen() option: MSW 3 renamed onUnhandledRequest to
  // onUnhandledFrame, and the event reads the same in MSW 2 and 3.
  server.events.on('request:unhandled', ({ request }) => void unhandled.push(new URL(request.url).pathname));
  server.listen({ onUnhandledRequest: 'bypass' });
});
afterAll(() => server.close());

/** One path per route of the table (and variants MSW and the table must read alike). */
const ROUTED: readonly [string, string][] = [
  ['GET', '/api/v1/users'],
  ['GET', '/api/v1/no-such-endpoint'],
  ['POST', '/trpc/users.me'],
  ['GET', '/trpc'],
  ['GET', '/health'],
  ['GET', '/user_uploads/2/ab/file.txt'],
  ['HEAD', '/user_uploads/2/ab/file.txt'],
  ['GET', '/user_uploads/temporary/abc123/file.txt'],
  ['GET', '/user_avatars/exports/1/xyz/export.json'],
  ['GET', '/user_avatars/1/emoji/images/party.png'],
  ['GET', '/calls/bigbluebutton/join?bigbluebutton=x'],
  ['GET', '/accounts/confirm_new_email/abc'],
  ['GET', '/accounts/do_confirm/abc'],
  ['GET', '/accounts/do_confirm/abc/'],
  ['GET', '/join/abc/'],
  ['GET', '/join/abc'],
  ['POST', '/accounts/register/'],
];

describe("the mock's routes beside the API", () => {
  it('come from the server: each path reaches the mock and answers as the server handler does', async () => {
    for (const [method, path] of ROUTED) {
      const through = await fetch(`http://chat.test${path}`, { method });
      const direct = await mock.fetch(new Request(`http://chat.test${path}`, { method }));
      expect([method, path, through.status]).toEqual([method, path, direct.status]);
      expect(direct.status === 404 && (await direct.clone().text()).includes('"Not found: ')).toBe(false);
    }
    expect(unhandled).toEqual([]);
  });

  it('leave alone what the server does not route', async () => {
    unhandled.length = 0;
    await fetch('http://chat.test/nowhere').catch(() => undefined);
    await fetch('http://chat.test/user_uploads').catch(() => undefined);
    expect(unhandled).toEqual(['/nowhere', '/user_uploads']);
    expect((await mock.fetch(new Request('http://chat.test/nowhere'))).status).toBe(404);
  });
});
