import { describe, expect, it } from 'vitest';
import { createMemoryServer } from '../memory.js';
import { compilePattern, pathSegments } from './route-pattern.js';
import { fromFetchRequest } from './rest-request.js';
import { createSiteRouter, type PageRoute } from './site-router.js';

const match = (pattern: string, path: string) => compilePattern(pattern).match(pathSegments(path));

describe('compilePattern', () => {
  it('matches literal segments, one segment per :name, and anything below a final *', () => {
    expect(match('/health', '/health')).toEqual({});
    expect(match('/health', '/healthz')).toBeNull();
    expect(match('/join/:key', '/join/abc')).toEqual({ key: 'abc' });
    expect(match('/join/:key', '/join/')).toBeNull();
    expect(match('/join/:key', '/join/a/b')).toBeNull();
    expect(match('/user_uploads/*', '/user_uploads/2/ab/file.txt')).toEqual({ '*': '2/ab/file.txt' });
    expect(match('/user_uploads/*', '/user_uploads/')).toEqual({ '*': '' });
    expect(match('/user_uploads/*', '/user_uploads')).toBeNull();
    expect(match('/', '/')).toEqual({});
    expect(match('/', '/x')).toBeNull();
  });

  it('takes a trailing slash as optional, as MSW does', () => {
    expect(match('/join/:key', '/join/abc/')).toEqual({ key: 'abc' });
    expect(match('/accounts/register/', '/accounts/register')).toEqual({});
    expect(match('/accounts/register', '/accounts/register/')).toEqual({});
  });

  it('refuses syntax outside its subset when the table is built', () => {
    expect(() => compilePattern('health')).toThrow(/must start with \//);
    expect(() => compilePattern('/a/*/b')).toThrow(/segment '\*'/);
    expect(() => compilePattern('/a/(.*)')).toThrow(/segment/);
  });
});

describe('createSiteRouter', () => {
  const request = (method: string, path: string) =>
    fromFetchRequest(new Request(`http://chat.test${path}`, { method }));
  const info = { authorization: null, userAgent: '' };
  const row = (pattern: string, name: string, methods: PageRoute['methods'] = ['GET']): PageRoute => ({
    methods,
    pattern,
    page: null,
    answer: () => ({ status: 200, headers: {}, body: name }),
  });
  const answer = async (routes: readonly PageRoute[], method: string, path: string) =>
    (await createSiteRouter(routes).dispatch(request(method, path), info))?.body ?? null;

  it('tries the most specific pattern first, whatever the order of the table', async () => {
    const routes = [
      row('/files/*', 'any file'),
      row('/files/temporary/:token', 'temporary'),
      row('/files/:id/meta', 'meta'),
    ];
    for (const table of [routes, [...routes].reverse()]) {
      expect(await answer(table, 'GET', '/files/temporary/abc')).toBe('temporary');
      expect(await answer(table, 'GET', '/files/7/meta')).toBe('meta');
      expect(await answer(table, 'GET', '/files/7/other')).toBe('any file');
    }
  });

  it('answers only the methods of a row (ALL: every one), and null when no row matches', async () => {
    const routes = [row('/form', 'form', ['POST']), row('/anything/*', 'anything', ['ALL'])];
    expect(await answer(routes, 'POST', '/form')).toBe('form');
    expect(await answer(routes, 'GET', '/form')).toBeNull();
    expect(await answer(routes, 'DELETE', '/anything/x')).toBe('anything');
    expect(await answer(routes, 'GET', '/elsewhere')).toBeNull();
  });

  it('goes on to the next matching row when a row declines the request', async () => {
    const declining: PageRoute = {
      methods: ['GET'],
      pattern: '/files/temporary/:token',
      page: null,
      answer: () => null,
    };
    expect(await answer([declining, row('/files/*', 'any file')], 'GET', '/files/temporary/abc')).toBe('any file');
  });

  it('lists its routes for the mock, one per method, in MSW syntax', () => {
    const router = createSiteRouter([row('/form', 'form', ['GET', 'POST']), row('/files/*', 'files', ['ALL'])]);
    expect(router.siteRoutes).toEqual([
      { method: 'GET', path: '/form' },
      { method: 'POST', path: '/form' },
      { method: 'ALL', path: '/files/*' },
    ]);
  });
});

describe('the page route table', () => {
  it('routes every page beside the API; an invitation key that is not one is the 404', async () => {
    const { handler } = await createMemoryServer({ seed: 1 });
    const status = async (method: string, path: string) =>
      (await handler(new Request(`http://chat.test${path}`, { method }))).status;
    expect(await status('GET', '/health')).toBe(200);
    expect(await status('GET', '/user_uploads/2/ab/missing.txt')).toBe(404);
    expect(await status('GET', '/accounts/do_confirm/abc')).toBe(400);
    expect(await status('GET', '/join/abc/')).toBe(400);
    expect(await status('GET', '/join/not-a-key/')).toBe(404);
    expect(await status('GET', '/nowhere')).toBe(404);
    expect(handler.siteRoutes).toContainEqual({ method: 'ALL', path: '/api/v1/*' });
    expect(handler.siteRoutes).toContainEqual({ method: 'POST', path: '/accounts/register/' });
  });
});
