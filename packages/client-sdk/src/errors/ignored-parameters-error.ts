import { describeRequest, type RequestInfo } from '../core/request-info.js';

/**
 * With `strictParameters: true`: a parameter the endpoint does not support. Thrown before
 * sending when the contract does not know the parameter (`sent: false`), or after the
 * response when the server reported it in `ignored_parameters_unsupported` (`sent: true`:
 * the request was processed, its result is in `result`).
 *
 * @example
 * const client = createClient({ site, email, apiKey, strictParameters: true });
 * try { await client.users.list({ include_custom_profile_fields: true }); } catch (error) {
 *   if (isIgnoredParametersError(error)) console.error(error.names, error.sent);
 * }
 */
export class IgnoredParametersError extends Error {
  override readonly name = 'IgnoredParametersError';
  /** Names of the unsupported parameters. */
  readonly names: readonly string[];
  /** Whether the request reached the server (and was processed without those parameters). */
  readonly sent: boolean;
  /** Success fields of the processed request when `sent` is true, secrets redacted (`api_key: '[REDACTED]'`). */
  readonly result: Readonly<Record<string, unknown>> | undefined;
  readonly request: Pick<RequestInfo, 'endpoint' | 'method' | 'path'>;

  constructor(options: {
    names: readonly string[];
    request: Pick<RequestInfo, 'endpoint' | 'method' | 'path'>;
    result?: Readonly<Record<string, unknown>>;
  }) {
    const sent = options.result !== undefined;
    const list = options.names.join(', ');
    super(
      sent
        ? `[teamchat-sdk] ${describeRequest(options.request)}: the server ignored unsupported parameters ${list} ` +
            '(the request itself was processed). Check their spelling and the server feature level, or turn strictParameters off.'
        : `[teamchat-sdk] ${describeRequest(options.request)}: ${options.request.endpoint} has no parameters ${list}; ` +
            'the request was not sent. Check their spelling, or turn strictParameters off to send them anyway.',
    );
    this.names = options.names;
    this.sent = sent;
    this.result = options.result;
    this.request = options.request;
  }
}

/** Whether `error` is an {@link IgnoredParametersError} (also across copies of the package). */
export function isIgnoredParametersError(error: unknown): error is IgnoredParametersError {
  return (
    error instanceof IgnoredParametersError ||
    (error instanceof Error && error.name === 'IgnoredParametersError' && 'names' in error)
  );
}
