import { ApiError, encodeParams, type ErrorEnvelope } from '@teamchat/schema/wire';
import { describeFetchFailure, NetworkError } from '../errors/network-error.js';
import { ResponseValidationError } from '../errors/response-validation-error.js';
import { TimeoutError } from '../errors/timeout-error.js';
import type { Redactor } from './create-redactor.js';
import type { CallResult, RequestContext, SendRequest } from './plugin.js';
import { describeRequest, type RequestInfo, type ResponseInfo } from './request-info.js';

/** Logging hooks, called once per HTTP attempt with redacted details. */
export interface TransportHooks {
  /** Before each attempt is sent. Throwing aborts the call with that error. */
  beforeRequest?: (request: RequestInfo) => void | Promise<void>;
  /** After each HTTP response is read (success or error envelope, any status). */
  afterResponse?: (response: ResponseInfo) => void | Promise<void>;
}

/** What the transport needs from the client. */
export interface TransportOptions {
  /** `<site>/api/v1`. */
  baseUrl: string;
  fetch: typeof globalThis.fetch;
  /** Headers of every request (authorization, user agent). */
  headers: Readonly<Record<string, string>>;
  redactor: Redactor;
  hooks: TransportHooks;
  /** Current time in ms, for `Retry-After` dates. */
  now: () => number;
  /** Headers computed per request (the CSRF token of a browser session). */
  requestHeaders?: ((method: string) => Record<string, string>) | undefined;
  /** fetch's `credentials` (`same-origin` for a browser session's cookie). */
  credentials?: RequestCredentials | undefined;
}

const TIMED_OUT = Symbol('timed out');

/**
 * The SDK's core: one HTTP attempt. Encodes the parameters with the contract's wire codec
 * (query string for GET, form body otherwise), sends them with Basic auth, unwraps the
 * `{ result, msg }` envelope, and throws `ApiError` for an error envelope, `NetworkError`,
 * `TimeoutError` or `ResponseValidationError` otherwise. A caller's abort rejects with the
 * abort reason. Retries and validation are plugins around it.
 */
export function createTransport(options: TransportOptions): SendRequest {
  return async (context: RequestContext): Promise<CallResult> => {
    context.signal?.throwIfAborted();
    const encoded = encodeParams(context.endpoint, { ...context.params });
    const url = new URL(options.baseUrl + encoded.path);
    url.search = encoded.query.toString();
    const headers: Record<string, string> = {
      Accept: 'application/json',
      ...options.headers,
      ...options.requestHeaders?.(encoded.method),
    };
    // A multipart body gets its Content-Type (with the boundary) from fetch.
    const body: string | FormData | undefined = encoded.multipart ?? encoded.body?.toString();
    if (typeof body === 'string') headers['Content-Type'] = 'application/x-www-form-urlencoded';
    const request: RequestInfo = {
      endpoint: context.endpoint.name,
      method: encoded.method,
      path: encoded.path,
      url: options.redactor.url(url),
      headers: redactHeaders(headers, options.redactor),
      body: encoded.body
        ? [options.redactor.form(encoded.body), ...describeFiles(encoded.multipart)]
            .filter((part) => part !== '')
            .join('&')
        : undefined,
      attempt: context.attempt,
    };
    await options.hooks.beforeRequest?.(request);
    context.signal?.throwIfAborted();

    const controller = new AbortController();
    const onCallerAbort = (): void => controller.abort(context.signal?.reason);
    context.signal?.addEventListener('abort', onCallerAbort, { once: true });
    const timer =
      context.timeoutMs === undefined ? undefined : setTimeout(() => controller.abort(TIMED_OUT), context.timeoutMs);
    let status: number;
    let text: string;
    let retryAfterHeader: string | null;
    try {
      const response = await options.fetch(url.href, {
        method: encoded.method,
        headers,
        ...(body === undefined ? {} : { body }),
        ...(options.credentials === undefined ? {} : { credentials: options.credentials }),
        signal: controller.signal,
      });
      status = response.status;
      retryAfterHeader = response.headers.get('retry-after');
      text = await response.text();
    } catch (error) {
      if (context.signal?.aborted) throw context.signal.reason;
      if (controller.signal.aborted && controller.signal.reason === TIMED_OUT) {
        throw new TimeoutError(request, context.timeoutMs ?? 0);
      }
      throw new NetworkError(request, error, options.redactor.text(describeFetchFailure(error)));
    } finally {
      clearTimeout(timer);
      context.signal?.removeEventListener('abort', onCallerAbort);
    }
    return readEnvelope({ request, status, text, retryAfterHeader, options });
  };
}

/** How hooks see the files of a multipart body: `file=<notes.txt, 5 bytes>`, never their bytes. */
function describeFiles(form: FormData | null): string[] {
  const files: string[] = [];
  for (const [name, value] of form ?? []) {
    if (typeof value !== 'string')
      files.push(`${encodeURIComponent(name)}=${encodeURIComponent(`<${value.name}, ${value.size} bytes>`)}`);
  }
  return files;
}

function redactHeaders(headers: Record<string, string>, redactor: Redactor): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      name.toLowerCase() === 'authorization'
        ? `${value.split(' ')[0] ?? ''} [REDACTED]`
        : name.toLowerCase() === 'x-csrftoken'
          ? '[REDACTED]'
          : redactor.text(value),
    ]),
  );
}

interface Received {
  request: RequestInfo;
  status: number;
  text: string;
  retryAfterHeader: string | null;
  options: TransportOptions;
}

async function readEnvelope({ request, status, text, retryAfterHeader, options }: Received): Promise<CallResult> {
  let body: unknown;
  let isJson = true;
  try {
    body = JSON.parse(text);
  } catch {
    isJson = false;
  }
  await options.hooks.afterResponse?.({ request, status, body: options.redactor.json(isJson ? body : text) });
  const snippet = (): string => options.redactor.text(text.slice(0, 200));
  if (!isJson) throw new ResponseValidationError({ request, status, reason: 'invalid-json', bodySnippet: snippet() });
  if (!isRecord(body))
    throw new ResponseValidationError({ request, status, reason: 'invalid-envelope', bodySnippet: snippet() });

  const ok = status >= 200 && status < 300;
  if (ok && body['result'] === 'success') {
    const { result: _result, msg: _msg, ...data } = body;
    return { data, status, request };
  }
  // Like the official clients, an error status with a string `msg` is an error envelope
  // even without `result` (some proxies and old servers); a missing `code` is BAD_REQUEST
  // below 500 and INTERNAL_SERVER_ERROR above (ApiError.fromEnvelope).
  if (body['result'] === 'error' || (!ok && typeof body['msg'] === 'string')) {
    throw apiErrorOf(body, { request, status, retryAfterHeader, now: options.now, redactor: options.redactor });
  }
  throw new ResponseValidationError({ request, status, reason: 'invalid-envelope', bodySnippet: snippet() });
}

function apiErrorOf(
  body: Record<string, unknown>,
  received: {
    request: RequestInfo;
    status: number;
    retryAfterHeader: string | null;
    now: () => number;
    redactor: Redactor;
  },
): ApiError {
  // Redacted like everything else an error carries, in case a server or proxy echoes a secret.
  const redacted = received.redactor.json(body) as Record<string, unknown>;
  const envelope: ErrorEnvelope = {
    ...redacted,
    result: 'error',
    msg: typeof redacted['msg'] === 'string' ? redacted['msg'] : '',
  };
  // The body's `retry-after` wins; the header fills in for servers and proxies that only send it.
  if (received.status === 429 && envelope['retry-after'] === undefined && received.retryAfterHeader !== null) {
    const seconds = parseRetryAfter(received.retryAfterHeader, received.now());
    if (seconds !== undefined) envelope['retry-after'] = seconds;
  }
  const error = ApiError.fromEnvelope(envelope, received.status);
  error.message = `${describeRequest(received.request)} failed with ${error.code}: ${error.msg}`;
  return error;
}

/** `Retry-After` is delay-seconds (possibly fractional, as the real server sends) or an HTTP date. */
function parseRetryAfter(header: string, now: number): number | undefined {
  const seconds = Number(header);
  if (header.trim() !== '' && Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - now) / 1000);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
