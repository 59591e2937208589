import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.js';

describe('ApiError.fromEnvelope', () => {
  it('keeps the code, message, status and extra fields of an envelope', () => {
    const error = ApiError.fromEnvelope(
      { result: 'error', msg: 'Invalid message(s)', code: 'BAD_REQUEST', var_name: 'x' },
      400,
    );
    expect(error).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'Invalid message(s)',
      status: 400,
      extra: { var_name: 'x' },
    });
  });

  it('gives an envelope without a code BAD_REQUEST below 500', () => {
    expect(ApiError.fromEnvelope({ result: 'error', msg: 'Nope' }, 400).code).toBe('BAD_REQUEST');
    expect(ApiError.fromEnvelope({ result: 'error', msg: 'Nope' }, 404).code).toBe('BAD_REQUEST');
  });

  it('gives a 5xx envelope without a code INTERNAL_SERVER_ERROR, not BAD_REQUEST', () => {
    const error = ApiError.fromEnvelope({ result: 'error', msg: 'Internal server error' }, 500);
    expect(error).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', status: 500 });
    expect(ApiError.fromEnvelope({ result: 'error', msg: 'Bad gateway' }, 502).code).toBe('INTERNAL_SERVER_ERROR');
  });

  it('keeps a code a 5xx envelope does send', () => {
    expect(ApiError.fromEnvelope({ result: 'error', msg: 'x', code: 'FAILED_TO_CONNECT_BOUNCER' }, 502).code).toBe(
      'FAILED_TO_CONNECT_BOUNCER',
    );
  });
});
