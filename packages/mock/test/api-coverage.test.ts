/**
 * Every operation the real server documents at feature level 420 is served: each one is
 * called, as the organization owner with dummy IDs, against the built reference server over
 * HTTP and against the mock over HTTP; none may answer as a route that does not exist.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuilds } from '../../../test-support/fresh-build.js';
import { sharedReference, ZULIP_OPENAPI } from '../../../test-support/shared-reference.js';
import { startServer, type RunningServer } from '../../../test-support/start-server.js';
import { startMockServer, type MockServer } from '../src/node.js';

const REFERENCE = sharedReference(ZULIP_OPENAPI);

/** Pseudo-paths of the description that are no operations: the real-time API, error handling, the outgoing-webhook payload. */
const PSEUDO_PATHS = new Set(['/real-time', '/rest-error-handling', '/zulip-outgoing-webhook']);

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** `GET /users/{user_id}`, …: every documented operation, in the description's order. */
function documentedOperations(): string[] {
  const document = parse(readFileSync(REFERENCE as string, 'utf8')) as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(document.paths).flatMap(([path, item]) =>
    PSEUDO_PATHS.has(path)
      ? []
      : METHODS.filter((method) => item[method] !== undefined).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

/** Whether an answer is the one for a route that does not exist (or not with this method). */
function unknownRoute(status: number, body: unknown): boolean {
  const msg = typeof body === 'object' && body !== null ? String((body as { msg?: unknown }).msg ?? '') : '';
  return (
    (status === 404 && (msg.startsWith('Unknown API endpoint') || msg.startsWith('Not found'))) ||
    (status === 405 && msg === 'Method Not Allowed')
  );
}

/** The operations `site` answers as unknown routes, called as `auth` with every path parameter `1`. */
async function unserved(
  site: string,
  auth: { email: string; apiKey: string },
  operations: readonly string[],
): Promise<string[]> {
  const missing: string[] = [];
  const authorization = `Basic ${btoa(`${auth.email}:${auth.apiKey}`)}`;
  for (const operation of operations) {
    const [method = '', path = ''] = operation.split(' ');
    const url = `${site}/api/v1${path.replace(/\{[^}]+\}/g, '1')}`;
    const response = await fetch(url, {
      method,
      headers: { authorization, ...(method === 'GET' ? {} : { 'content-type': 'application/x-www-form-urlencoded' }) },
      ...(method === 'GET' ? {} : { body: '' }),
    });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    if (unknownRoute(response.status, body)) missing.push(operation);
  }
  return missing;
}

let dir: string;
let server: RunningServer;
let mock: MockServer;
beforeAll(async () => {
  assertFreshBuilds();
  dir = mkdtempSync(join(tmpdir(), 'teamchat-coverage-'));
  server = await startServer(dir);
  mock = await startMockServer({ seed: 5 });
});
afterAll(async () => {
  await server.stop();
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!REFERENCE)(`every operation of the real server's description (${ZULIP_OPENAPI}) is served`, () => {
  it('lists the documented operations, the pseudo-paths left out', () => {
    const operations = documentedOperations();
    expect(operations).toHaveLength(135);
    expect(new Set(operations).size).toBe(operations.length);
    expect(operations).toContain('POST /export/realm');
    expect(operations.some((operation) => PSEUDO_PATHS.has(operation.split(' ')[1] ?? ''))).toBe(false);
    expect(operations).toContain('POST /invites');
  });

  it('the check itself sees an unknown route and a wrong method', async () => {
    const owner = server.zuliprc('owner');
    const text = readFileSync(owner, 'utf8');
    const auth = { email: /^email=(.*)$/m.exec(text)?.[1] ?? '', apiKey: /^key=(.*)$/m.exec(text)?.[1] ?? '' };
    expect(await unserved(server.url, auth, ['GET /no/such/operation', 'PUT /users/me', 'GET /users/me'])).toEqual([
      'GET /no/such/operation',
      'PUT /users/me',
    ]);
  });

  it('the reference server answers every operation (over HTTP, as the owner, dummy IDs)', async () => {
    const text = readFileSync(server.zuliprc('owner'), 'utf8');
    const auth = { email: /^email=(.*)$/m.exec(text)?.[1] ?? '', apiKey: /^key=(.*)$/m.exec(text)?.[1] ?? '' };
    const missing = await unserved(server.url, auth, documentedOperations());
    expect(missing, 'operations answered "Unknown API endpoint" or "Method Not Allowed"').toEqual([]);
  });

  it('the mock answers every operation (over HTTP, as the owner, dummy IDs)', async () => {
    const { email, apiKey } = mock.mock.accounts.owner;
    const missing = await unserved(mock.url, { email, apiKey }, documentedOperations());
    expect(missing, 'operations answered "Unknown API endpoint" or "Method Not Allowed"').toEqual([]);
  });
});
