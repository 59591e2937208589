import type { ApiError } from '@teamchat/schema';
import { jsonTextOf } from '../core/index.js';
import { toResponse, type RestReply } from './rest-request.js';

const JSON_TYPE = 'application/json';

/** A JSON reply. */
export function jsonReply(body: unknown, status = 200, headers: Record<string, string> = {}): RestReply {
  return { status, headers: { 'content-type': JSON_TYPE, ...headers }, body: JSON.stringify(body) };
}

/** The JSON of the result's fields, splicing texts made ahead (`jsonTextOf`); null when none was. */
function splicedFields(fields: Record<string, unknown>, check: boolean): string | null {
  const keys = Object.keys(fields);
  if (!keys.some((key) => jsonTextOf(fields[key]) !== undefined)) return null;
  let spliced = '';
  for (const key of keys) {
    const value = fields[key];
    const text = jsonTextOf(value);
    if (text !== undefined && check && text !== JSON.stringify(value)) {
      throw new Error(`[teamchat-server] the JSON text made ahead for "${key}" differs from its value`);
    }
    const json = text ?? (JSON.stringify(value) as string | undefined);
    // As JSON.stringify does: a field whose value has no JSON (undefined) is left out.
    if (json === undefined) continue;
    spliced += `${spliced === '' ? '' : ','}${JSON.stringify(key)}:${json}`;
  }
  return spliced;
}

/**
 * The success envelope: `{ result: "success", msg: "", ...fields }` (+ ignored parameters,
 * sorted), serialised once: the fields' JSON is spliced after the envelope's own keys rather
 * than copied into a new object first, and a field whose JSON the handler made ahead
 * (`withJsonText`) is spliced as it is. `check` verifies such texts against the values (tests
 * and the mock run with it).
 */
export function successReply(fields: object, ignored: readonly string[], check = false): RestReply {
  const spliced = splicedFields(fields as Record<string, unknown>, check);
  const json = spliced ?? JSON.stringify(fields).slice(1, -1);
  let body = json.length > 0 ? `{"result":"success","msg":"",${json}` : '{"result":"success","msg":""';
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
