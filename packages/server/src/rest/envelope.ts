import type { ApiError } from '@teamchat/schema';
import { toResponse, type RestReply } from './rest-request.js';

const JSON_TYPE = 'application/json';

/** A JSON reply. */
export function jsonReply(body: unknown, status = 200, headers: Record<string, string> = {}): RestReply {
  return { status, headers: { 'content-type': JSON_TYPE, ...headers }, body: JSON.stringify(body) };
}

/**
 * The success envelope: `{ result: "success", msg: "", ...fields }` (+ ignored parameters,
 * sorted), serialised once: the fields' JSON is spliced after the envelope's own keys rather
 * than copied into a new object first.
 */
export function successReply(fields: object, ignored: readonly string[]): RestReply {
  const json = JSON.stringify(fields);
  let body = json.length > 2 ? `{"result":"success","msg":"",${json.slice(1, -1)}` : '{"result":"success","msg":""';
  if (ignored.length > 0) body += `,"ignored_parameters_unsupported":${JSON.stringify(ignored)}`;
  return { status: 200, headers: { 'content-type': JSON_TYPE }, body: `${body}}` };
}

/**
 * The error envelope of `error` with its HTTP status: 401 carries
 * `WWW-Authenticate: Basic realm="zulip"`, 429 a `Retry-After` header.
 */
export function errorReply(error: ApiError): RestReply {
  const headers: Record<string, string> = {};
  if (error.status === 401) headers['www-authenticate'] = 'Basic realm="zulip"';
  const retryAfter = error.extra['retry-after'];
  if (error.status === 429 && typeof retryAfter === 'number') headers['retry-after'] = String(retryAfter);
  return jsonReply(error.toEnvelope(), error.status, headers);
}

/** The answer to an unexpected exception: a 500 envelope without a code, as the real server sends. */
export function internalErrorReply(): RestReply {
  return jsonReply({ result: 'error', msg: 'Internal server error' }, 500);
}

/** {@link errorReply} as a fetch `Response` (the mock's faults). */
export function errorResponse(error: ApiError): Response {
  return toResponse(errorReply(error));
}

/** {@link internalErrorReply} as a fetch `Response` (the mock's faults). */
export function internalErrorResponse(): Response {
  return toResponse(internalErrorReply());
}
