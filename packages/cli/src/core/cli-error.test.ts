import {
  isNetworkError,
  NetworkError,
  ResponseValidationError,
  TimeoutError,
  type RequestInfo,
} from '@teamchat/client-sdk';
import { ApiError } from '@teamchat/schema';
import { CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { CliError, EXIT_CODES, reportError, toCliError } from './cli-error.js';

const request: RequestInfo = {
  endpoint: 'users.list',
  method: 'GET',
  path: '/users',
  url: 'https://chat.example.com/api/v1/users',
  headers: { Authorization: 'Basic [REDACTED]' },
  body: undefined,
  attempt: 1,
};

function printed(error: CliError): string {
  let text = '';
  reportError(error, (chunk) => (text += chunk));
  return text;
}

describe('toCliError', () => {
  it('maps an API error to exit code 1 and prints its code, message and var_name', () => {
    const error = toCliError(
      new ApiError('BAD_REQUEST', 'user_ids is not a list', { extra: { var_name: 'user_ids' } }),
    );
    expect(error.exitCode).toBe(1);
    expect(printed(error)).toBe('error: BAD_REQUEST: user_ids is not a list (var_name: user_ids)\n');
    expect(printed(toCliError(new ApiError('UNAUTHORIZED', 'Invalid API key')))).toBe(
      'error: UNAUTHORIZED: Invalid API key\n',
    );
  });

  it('maps network failures and timeouts to exit code 4, without the library tag', () => {
    const network = new NetworkError(request, new TypeError('fetch failed'));
    expect(isNetworkError(network)).toBe(true);
    const error = toCliError(network);
    expect(error.exitCode).toBe(4);
    expect(error.message).toBe('GET /users failed: could not reach https://chat.example.com (fetch failed)');
    expect(error.hint).toContain('--site');
    const timeout = toCliError(new TimeoutError(request, 50));
    expect(timeout.exitCode).toBe(4);
    expect(timeout.message).toBe('GET /users timed out after 50 ms (attempt 1)');
    expect(timeout.hint).toContain('--timeout');
  });

  it('maps a response that is not an envelope to exit code 5', () => {
    const error = toCliError(
      new ResponseValidationError({ request, status: 200, reason: 'invalid-json', bodySnippet: '<html>' }),
    );
    expect(error.exitCode).toBe(5);
    expect(error.message).not.toContain('[teamchat-sdk]');
  });

  it("maps commander's errors to exit code 2 (0 for --help and --version) and does not print them again", () => {
    const usage = toCliError(new CommanderError(1, 'commander.unknownOption', "error: unknown option '--nope'"));
    expect(usage.exitCode).toBe(2);
    expect(printed(usage)).toBe('');
    expect(toCliError(new CommanderError(0, 'commander.helpDisplayed', '(outputHelp)')).exitCode).toBe(0);
  });

  it('keeps a CliError as it is, and prints its hint', () => {
    const error = new CliError('config', 'no site configured', { hint: 'pass --site URL' });
    expect(toCliError(error)).toBe(error);
    expect(printed(error)).toBe('error: no site configured\nhint: pass --site URL\n');
  });

  it('maps anything else to the internal-error code', () => {
    const error = toCliError(new RangeError('boom'));
    expect(error.exitCode).toBe(EXIT_CODES.internal);
    expect(error.message).toBe('unexpected failure: boom');
  });

  it('gives every kind of failure its own exit code', () => {
    const codes = Object.values(EXIT_CODES);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
