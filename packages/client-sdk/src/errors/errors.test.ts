import { describe, expect, it, vi } from 'vitest';
import type { RequestInfo } from '../core/request-info.js';
import { IgnoredParametersError, isIgnoredParametersError } from './ignored-parameters-error.js';
import { isNetworkError, NetworkError } from './network-error.js';
import { isResponseValidationError, ResponseValidationError } from './response-validation-error.js';
import { isTimeoutError, TimeoutError } from './timeout-error.js';

const request: RequestInfo = {
  endpoint: 'users.list',
  method: 'GET',
  path: '/users',
  url: 'https://chat.example.com/api/v1/users',
  headers: {},
  body: undefined,
  attempt: 1,
};

/** An error as a second copy of the package would create it: same name, other class. */
function foreign(name: string, fields: Record<string, unknown>): Error {
  return Object.assign(new Error('from another copy'), { name, ...fields });
}

describe('SDK errors', () => {
  const cases = [
    ['NetworkError', new NetworkError(request, new TypeError('fetch failed')), isNetworkError, { request }],
    ['TimeoutError', new TimeoutError(request, 100), isTimeoutError, { timeoutMs: 100 }],
    [
      'ResponseValidationError',
      new ResponseValidationError({ request, status: 200, reason: 'invalid-json' }),
      isResponseValidationError,
      { reason: 'x' },
    ],
    [
      'IgnoredParametersError',
      new IgnoredParametersError({ names: ['a'], request }),
      isIgnoredParametersError,
      { names: [] },
    ],
  ] as const;

  it.each(cases)(
    '%s sets its name and is recognised by its guard, also across copies',
    (name, error, guard, fields) => {
      expect(error.name).toBe(name);
      expect(error).toBeInstanceOf(Error);
      expect(guard(error)).toBe(true);
      expect(guard(foreign(name, fields))).toBe(true);
      expect(guard(new Error(name))).toBe(false);
      expect(guard(foreign('SomethingElse', fields))).toBe(false);
    },
  );

  it('NetworkError names the failing system call when fetch reports one', () => {
    const cause = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
    });
    expect(new NetworkError(request, cause).message).toBe(
      '[teamchat-sdk] GET /users failed: could not reach https://chat.example.com (fetch failed: ECONNREFUSED). Check the site URL and the network.',
    );
    expect(new NetworkError(request, cause).code).toBe('ECONNREFUSED');
    expect(new NetworkError(request, new TypeError('fetch failed')).code).toBeUndefined();
  });

  it('NetworkError in a browser page on another origin names CORS as the likely cause', () => {
    vi.stubGlobal('document', {});
    vi.stubGlobal('location', { origin: 'http://localhost:5173' });
    try {
      const error = new NetworkError(request, new TypeError('Failed to fetch'));
      expect(error.summary).toBe('GET /users failed: could not reach https://chat.example.com (Failed to fetch)');
      expect(error.hint).toMatch(
        /^This page \(http:\/\/localhost:5173\) calls another origin: the likely cause is CORS/,
      );
      expect(error.hint).toContain('--cors-origin http://localhost:5173');
      // The same origin cannot be a CORS problem.
      vi.stubGlobal('location', { origin: 'https://chat.example.com' });
      expect(new NetworkError(request, new TypeError('Failed to fetch')).hint).toBe(
        'Check the site URL and the network.',
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('NetworkError and TimeoutError keep what happened and what to do apart', () => {
    const network = new NetworkError(request, new TypeError('fetch failed'));
    expect(network.summary).toBe('GET /users failed: could not reach https://chat.example.com (fetch failed)');
    expect(network.hint).toBe('Check the site URL and the network.');
    expect(network.message).toBe(`[teamchat-sdk] ${network.summary}. ${network.hint}`);
    const timeout = new TimeoutError(request, 100);
    expect(timeout.summary).toBe('GET /users timed out after 100 ms (attempt 1)');
    expect(timeout.hint).toBe('Raise timeoutMs (client or per call) if the server is slow.');
    expect(timeout.message).toBe(`[teamchat-sdk] ${timeout.summary}. ${timeout.hint}`);
  });
});
