import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { unwrapSchema } from '../codec/wire-kind.js';
import { defineEndpoint, type Endpoint } from '../define-endpoint.js';
import { endpoints, incomingEndpoints } from '../endpoints/index.js';
import { createRouteTable } from './route-table.js';

const routes = createRouteTable(incomingEndpoints);

/** A concrete path of `endpoint`: its integer parameters as `7`, the others as `x`. */
function samplePath(endpoint: Endpoint): string {
  const shape = endpoint.params.shape as Record<string, Parameters<typeof unwrapSchema>[0]>;
  const sample = (name: string) =>
    unwrapSchema(shape[name] as Parameters<typeof unwrapSchema>[0])._zod.def.type === 'number' ? '7' : 'x';
  return endpoint.path.replace(/\{([a-z_]+)\}/g, (_, name: string) => sample(name));
}

/** `items` in an order drawn from `seed` (a small linear congruential generator: the same order on every run). */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i -= 1) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** A contract of its own for the ordering tests. */
function route(
  name: `${string}.${string}`,
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, z.ZodType> = {},
) {
  return defineEndpoint({
    name,
    method,
    path,
    access: 'user',
    summary: name,
    params: z.object(params),
    response: z.object({}),
    errors: [],
  });
}

describe('RouteTable', () => {
  it('finds every incoming contract by its own path template', () => {
    for (const endpoint of incomingEndpoints) {
      const concrete = samplePath(endpoint);
      const match = routes.match(endpoint.method, concrete);
      expect(match.kind === 'found' && match.endpoint.name, `${endpoint.method} ${concrete}`).toBe(endpoint.name);
    }
  });

  it('routes the same whatever order the contracts are listed in', () => {
    const requests = [
      ...incomingEndpoints.flatMap((endpoint) =>
        ['GET', 'POST', 'PATCH', 'DELETE'].map((method) => [method, samplePath(endpoint)] as const),
      ),
      ...[
        '/users/me',
        '/users/12',
        '/users/iago%40example.com',
        '/users/me/presence',
        '/users/12/presence',
        '/user_uploads/2/a/b.txt',
        '/nope',
      ].map((path) => ['GET', path] as const),
    ];
    const expected = requests.map(([method, path]) => routes.match(method, path));
    for (const table of [
      [...incomingEndpoints].reverse(),
      ...[1, 2, 3, 4, 5].map((seed) => shuffled(incomingEndpoints, seed)),
    ]) {
      const reordered = createRouteTable(table);
      expect(requests.map(([method, path]) => reordered.match(method, path))).toEqual(expected);
    }
  });

  it('ranks segment by segment: a literal where the other route has a parameter wins, whichever comes first', () => {
    const early = route('t.early', 'GET', '/a/{x}/c', { x: z.string() });
    const late = route('t.late', 'GET', '/a/b/{y}', { y: z.string() });
    for (const table of [
      [early, late],
      [late, early],
    ]) {
      expect(createRouteTable(table).match('GET', '/a/b/c')).toMatchObject({
        kind: 'found',
        endpoint: late,
        pathParams: { y: 'c' },
      });
      expect(createRouteTable(table).match('GET', '/a/z/c')).toMatchObject({
        kind: 'found',
        endpoint: early,
        pathParams: { x: 'z' },
      });
    }
  });

  it('refuses two contracts of one method whose paths differ only in parameter names', () => {
    const one = route('t.one', 'GET', '/things/{id}', { id: z.string() });
    const other = route('t.other', 'GET', '/things/{name}', { name: z.string() });
    expect(() => createRouteTable([one, other])).toThrow(
      't.one and t.other take the same requests (GET /things/{id} and /things/{name})',
    );
    expect(() =>
      createRouteTable([one, route('t.post', 'POST', '/things/{name}', { name: z.string() })]),
    ).not.toThrow();
  });

  it('prefers literal segments to parameters: /users/me is users.me, not a user by email', () => {
    expect(routes.match('GET', '/users/me')).toEqual({
      kind: 'found',
      endpoint: endpoints['users.me'],
      pathParams: {},
    });
  });

  it('matches integer parameters with digits only, as the server does', () => {
    expect(routes.match('GET', '/users/12')).toEqual({
      kind: 'found',
      endpoint: endpoints['users.get'],
      pathParams: { user_id: '12' },
    });
    expect(routes.match('GET', '/users/007')).toMatchObject({
      endpoint: endpoints['users.get'],
      pathParams: { user_id: '007' },
    });
    expect(routes.match('GET', '/users/iago%40example.com')).toEqual({
      kind: 'found',
      endpoint: endpoints['users.getByEmail'],
      pathParams: { email: 'iago@example.com' },
    });
  });

  it('names the methods and contracts of a path requested with another method', () => {
    const match = routes.match('PUT', '/users');
    expect(match.kind).toBe('method-not-allowed');
    if (match.kind !== 'method-not-allowed') return;
    expect(match.allowed).toEqual(['GET', 'POST']);
    expect(match.endpoints.map((e) => e.name)).toEqual(['users.list', 'users.create']);
  });

  it('matches nothing for an unknown path, an empty segment or invalid URL encoding', () => {
    expect(routes.match('GET', '/nope')).toEqual({ kind: 'not-found' });
    expect(routes.match('GET', '/users/')).toEqual({ kind: 'not-found' });
    expect(routes.match('GET', '/users/%E0%A4%A')).toEqual({ kind: 'not-found' });
  });

  it('routes the rest of the path to a restOfPath parameter, unescaped or escaped (a navigation view fragment)', () => {
    for (const method of ['PATCH', 'DELETE']) {
      for (const path of ['/navigation_views/narrow/is/alerted', '/navigation_views/narrow%2Fis%2Falerted']) {
        expect(routes.match(method, path)).toMatchObject({
          kind: 'found',
          pathParams: { fragment: 'narrow/is/alerted' },
        });
      }
      expect(routes.match(method, '/navigation_views/inbox')).toMatchObject({
        kind: 'found',
        pathParams: { fragment: 'inbox' },
      });
    }
    // Only the last parameter of a contract that says so takes slashes.
    expect(routes.match('GET', '/messages/12/extra')).toEqual({ kind: 'not-found' });
    expect(routes.match('GET', '/navigation_views/narrow/is/alerted')).toMatchObject({
      kind: 'method-not-allowed',
      allowed: ['DELETE', 'PATCH'],
    });
  });

  it('refuses a restOfPath that is not the last segment', () => {
    expect(() =>
      defineEndpoint({
        name: 'x.y',
        method: 'GET',
        path: '/a/{b}/c',
        restOfPath: 'b',
        access: 'user',
        summary: 'x',
        params: z.object({ b: z.string() }),
        response: z.object({}),
        errors: [],
      }),
    ).toThrow("restOfPath 'b' is not the last segment of /a/{b}/c");
  });

  it('matches a file path of any depth, and an unknown first segment or depth the same way every time', () => {
    for (const path of ['/user_uploads/2/ab/cd/report.pdf', '/user_uploads/2/' + 'x/'.repeat(80) + 'deep.txt']) {
      expect(routes.match('GET', path)).toMatchObject({
        kind: 'found',
        pathParams: { realm_id_str: '2', filename: path.split('/').slice(3).join('/') },
      });
    }
    // Answers are made from lists kept per depth and first segment: asked twice, the same.
    for (let round = 0; round < 2; round += 1) {
      expect(routes.match('GET', '/unknown/12')).toEqual({ kind: 'not-found' });
      expect(routes.match('GET', '/messages/12')).toMatchObject({ kind: 'found', endpoint: endpoints['messages.get'] });
      expect(routes.match('PUT', '/users')).toMatchObject({ kind: 'method-not-allowed', allowed: ['GET', 'POST'] });
    }
  });
});
