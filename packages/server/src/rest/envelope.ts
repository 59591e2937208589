import type { ApiError } from '@teamchat/schema';

const JSON_HEADERS = { 'content-type': 'application/json' } as const;

/** A JSON response. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

/** The success envelope: `{ result: "success", msg: "", ...fields }` (+ ignored parameters, sorted). */
export function successResponse(fields: object, ignored: readonly string[]): Response {
  const body: Record<string, unknown> = { result: 'success', msg: '', ...fields };
  if (ignored.length > 0) body['ignored_parameters_unsupported'] = ignored;
  return jsonResponse(body);
}

/**
 * The error envelope of `error` with its HTTP status: 401 carries
 * `WWW-Authenticate: Basic realm="zulip"`, 429 a `Retry-After` header.
 */
export function errorResponse(error: ApiError): Response {
  const headers: Record<string, string> = {};
  if (error.status === 401) headers['www-authenticate'] = 'Basic realm="zulip"';
  const retryAfter = error.extra['retry-after'];
  if (error.status === 429 && typeof retryAfter === 'number') headers['retry-after'] = String(retryAfter);
  return jsonResponse(error.toEnvelope(), error.status, headers);
}

/** The answer to an unexpected exception: a 500 envelope without a code, as the real server sends. */
export function internalErrorResponse(): Response {
  return jsonResponse({ result: 'error', msg: 'Internal server error' }, 500);
}
