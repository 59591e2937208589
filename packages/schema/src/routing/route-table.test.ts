import { describe, expect, it } from 'vitest';
import { unwrapSchema } from '../codec/wire-kind.js';
import { endpoints, incomingEndpoints } from '../endpoints/index.js';
import { createRouteTable } from './route-table.js';

const routes = createRouteTable(incomingEndpoints);

describe('RouteTable', () => {
  it('finds every incoming contract by its own path template', () => {
    for (const endpoint of incomingEndpoints) {
      const shape = endpoint.params.shape as Record<string, Parameters<typeof unwrapSchema>[0]>;
      const sample = (name: string) => (unwrapSchema(shape[name] as Parameters<typeof unwrapSchema>[0])._zod.def.type === 'number' ? '7' : 'x');
      const concrete = endpoint.path.replace(/\{([a-z_]+)\}/g, (_, name: string) => sample(name));
      const match = routes.match(endpoint.method, concrete);
      expect(match.kind === 'found' && match.endpoint.name, `${endpoint.method} ${concrete}`).toBe(endpoint.name);
    }
  });

  it('prefers literal segments to parameters: /users/me is users.me, not a user by email', () => {
    expect(routes.match('GET', '/users/me')).toEqual({ kind: 'found', endpoint: endpoints['users.me'], pathParams: {} });
  });

  it('matches integer parameters with digits only, as the server does', () => {
    expect(routes.match('GET', '/users/12')).toEqual({ kind: 'found', endpoint: endpoints['users.get'], pathParams: { user_id: '12' } });
    expect(routes.match('GET', '/users/007')).toMatchObject({ endpoint: endpoints['users.get'], pathParams: { user_id: '007' } });
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

  it('matches a file path of any depth, and an unknown first segment or depth the same way every time', () => {
    for (const path of ['/user_uploads/2/ab/cd/report.pdf', '/user_uploads/2/' + 'x/'.repeat(80) + 'deep.txt']) {
      expect(routes.match('GET', path)).toMatchObject({ kind: 'found', pathParams: { realm_id_str: '2', filename: path.split('/').slice(3).join('/') } });
    }
    // Answers are made from lists kept per depth and first segment: asked twice, the same.
    for (let round = 0; round < 2; round += 1) {
      expect(routes.match('GET', '/unknown/12')).toEqual({ kind: 'not-found' });
      expect(routes.match('GET', '/messages/12')).toMatchObject({ kind: 'found', endpoint: endpoints['messages.get'] });
      expect(routes.match('PUT', '/users')).toMatchObject({ kind: 'method-not-allowed', allowed: ['GET', 'POST'] });
    }
  });
});

