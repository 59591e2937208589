import { createRouteTable, endpoints, incomingEndpoints } from '@teamchat/schema';
import { thrownCliError } from './thrown-cli-error.test-helper.js';
import { describe, expect, it } from 'vitest';
import { findEndpoint } from './find-endpoint.js';

const thrown = thrownCliError;

describe('findEndpoint', () => {
  it('finds every incoming contract by name and by its "METHOD /template" route', () => {
    for (const endpoint of incomingEndpoints) {
      expect(findEndpoint(endpoint.name).endpoint).toBe(endpoint);
      expect(findEndpoint(`${endpoint.method} ${endpoint.path}`)).toMatchObject({ endpoint, pathValues: {} });
    }
  });

  it('reads path parameters from a concrete path, URL-decoded', () => {
    expect(findEndpoint('GET /users/5')).toMatchObject({
      endpoint: endpoints['users.get'],
      pathValues: { user_id: '5' },
    });
    expect(findEndpoint('GET /users/mike%40example.com')).toMatchObject({
      endpoint: endpoints['users.getByEmail'],
      pathValues: { email: 'mike@example.com' },
    });
  });

  it('routes a concrete path exactly as the server does: integer parameters take digits only', () => {
    // The server's route table sends /users/007 to users.get (whose decoding then rejects
    // the value); the CLI picks the same contract rather than guessing users.getByEmail.
    expect(findEndpoint('GET /users/007')).toMatchObject({
      endpoint: endpoints['users.get'],
      pathValues: { user_id: '007' },
    });
    const server = createRouteTable(incomingEndpoints).match('GET', '/users/007');
    expect(server.kind === 'found' && server.endpoint).toBe(endpoints['users.get']);
    expect(findEndpoint('GET /users/x@y').endpoint).toBe(endpoints['users.getByEmail']);
  });

  it('prefers literal paths to the templates they also match', () => {
    expect(findEndpoint('GET /users/me').endpoint).toBe(endpoints['users.me']);
  });

  it('accepts a lower-case method, a /api/v1 prefix, a trailing slash and a query string', () => {
    expect(findEndpoint('get /api/v1/users/?user_ids=[1]')).toMatchObject({
      endpoint: endpoints['users.list'],
      queryValues: [['user_ids', '[1]']],
    });
  });

  it('takes a route given as two arguments (call GET /users)', () => {
    expect(findEndpoint('GET', '/users')).toMatchObject({ endpoint: endpoints['users.list'], consumed: true });
    expect(findEndpoint('users.list', '/users')).toMatchObject({ consumed: false });
  });

  it('rejects unknown names with close matches (usage, exit 2)', () => {
    const error = thrown(() => findEndpoint('users.lst'));
    expect(error.exitCode).toBe(2);
    expect(error.message).toBe("unknown endpoint 'users.lst'");
    expect(error.hint).toContain('did you mean users.list');
  });

  it('names the methods a path does take', () => {
    const error = thrown(() => findEndpoint('PATCH /users'));
    expect(error.message).toBe('no endpoint matches PATCH /users');
    expect(error.hint).toMatch(/^that path takes GET \(users\.list\)/);
  });

  it('asks for a method when only a path is given', () => {
    expect(thrown(() => findEndpoint('/users')).hint).toBe('write it as "GET /users" (or POST, PATCH, DELETE)');
  });

  it('refuses the outgoing-webhook contract, which the server sends and nobody calls', () => {
    expect(thrown(() => findEndpoint('outgoingWebhooks.notify')).message).toContain('cannot be called');
  });
});
