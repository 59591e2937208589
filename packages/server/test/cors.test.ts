import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuilds, REPO_ROOT } from '../../../test-support/fresh-build.js';
import { createMemoryServer } from '../src/memory.js';
import { listen, type RunningServer } from '../src/node/node-server.js';
import { corsOriginOf } from '../src/rest/cors.js';

const APP = 'http://localhost:5173';
const silent = { info() {}, warn() {}, error() {} };

let plain: RunningServer;
let cors: RunningServer;
let auth: string;

beforeAll(async () => {
  const withoutCors = await createMemoryServer({ seed: 3 });
  const withCors = await createMemoryServer({ seed: 3, rest: { corsOrigins: [APP, 'http://127.0.0.1:8080/'] } });
  const owner = withCors.accounts.find((account) => account.role === 'owner');
  auth = `Basic ${btoa(`${owner?.email ?? ''}:${owner?.apiKey ?? ''}`)}`;
  plain = await listen({ handler: withoutCors.handler, log: silent });
  cors = await listen({ handler: withCors.handler, log: silent });
});
afterAll(async () => {
  await plain?.close();
  await cors?.close();
});

const preflight = (url: string, origin: string) =>
  fetch(`${url}/api/v1/users`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
  });

describe('CORS', () => {
  it('is off by default, as on the real server: a preflight gets 204 and Allow, nothing else', async () => {
    const answer = await preflight(plain.url, APP);
    expect(answer.status).toBe(204);
    expect(answer.headers.get('allow')).toBe('GET, POST');
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    const users = await fetch(`${plain.url}/api/v1/users`, { headers: { origin: APP, authorization: auth } });
    expect(users.status).toBe(200);
    expect(users.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers the preflight of a listed origin with the methods and headers the SDK sends', async () => {
    const answer = await preflight(cors.url, APP);
    expect(answer.status).toBe(204);
    expect(
      Object.fromEntries([...answer.headers].filter(([name]) => name.startsWith('access-control-') || name === 'vary')),
    ).toEqual({
      'access-control-allow-origin': APP,
      'access-control-allow-methods': 'GET, HEAD, POST, PATCH, DELETE',
      'access-control-allow-headers': 'Authorization, Content-Type, User-Agent',
      'access-control-max-age': '600',
      vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
    });
    // Listed with a trailing slash, matched as the origin a browser sends.
    expect((await preflight(cors.url, 'http://127.0.0.1:8080')).headers.get('access-control-allow-origin')).toBe(
      'http://127.0.0.1:8080',
    );
  });

  it('marks every answer to a listed origin, errors included, and no answer to another', async () => {
    const users = await fetch(`${cors.url}/api/v1/users`, { headers: { origin: APP, authorization: auth } });
    expect(users.status).toBe(200);
    expect(users.headers.get('access-control-allow-origin')).toBe(APP);
    expect(users.headers.get('access-control-expose-headers')).toBe('Retry-After');
    expect(users.headers.get('vary')).toBe('Origin');
    expect(((await users.json()) as { members: unknown[] }).members.length).toBeGreaterThan(0);

    const refused = await fetch(`${cors.url}/api/v1/users`, {
      headers: { origin: APP, authorization: 'Basic bm9ib2R5Om5vcGU=' },
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe(APP);

    const other = await fetch(`${cors.url}/api/v1/users`, {
      headers: { origin: 'https://evil.example', authorization: auth },
    });
    expect(other.status).toBe(200);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.headers.get('vary')).toBe('Origin');
    const otherPreflight = await preflight(cors.url, 'https://evil.example');
    expect(otherPreflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(otherPreflight.headers.get('allow')).toBe('GET, POST');
  });

  it('takes origins only: scheme, host and port', () => {
    expect(corsOriginOf('http://localhost:5173/')).toBe('http://localhost:5173');
    expect(corsOriginOf('https://app.example.com')).toBe('https://app.example.com');
    for (const bad of ['localhost:5173', 'http://localhost:5173/app', '*', 'file:///tmp/x']) {
      expect(() => corsOriginOf(bad)).toThrow(/not an origin such as http:\/\/localhost:5173/);
    }
  });

  it('teamchat-server --cors-origin refuses a value that is not an origin with one line', () => {
    assertFreshBuilds();
    const result = spawnSync(
      process.execPath,
      [join(REPO_ROOT, 'packages/server/dist/bin.js'), '--memory', '--port', '0', '--cors-origin', 'localhost:5173'],
      { encoding: 'utf8' },
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      "teamchat-server: --cors-origin must be an origin such as http://localhost:5173 (scheme, host and port, no path), got 'localhost:5173'; see teamchat-server --help\n",
    );
  });
});
