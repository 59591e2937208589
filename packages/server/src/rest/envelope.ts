import type { ApiError } from '@teamchat/schema';
import { jsonTextOf } from '../core/index.js';
import { toResponse, type RestReply } from './rest-request.js';

const JSON_TYPE = 'application/json';
const encoder = new TextEncoder();

/** A JSON reply. */
export function jsonReply(body: unknown, status = 200, headers: Record<string, string> = {}): RestReply {
  return { status, headers: { 'content-type': JSON_TYPE, ...headers }, body: JSON.stringify(body) };
}

/** The text of `chunks` (checks only). */
function decodedChunks(chunks: readonly Uint8Array[]): string {
  const decoder = new TextDecoder();
  return chunks.map((chunk) => decoder.decode(chunk, { stream: true })).join('') + decoder.decode();
}

/** `pieces` one after another in one array of bytes, strings as UTF-8. */
function joinedBytes(pieces: readonly (string | Uint8Array)[]): Uint8Array {
  // Strings are encoded straight into the answer: room for 3 bytes per UTF-16 unit, the most
  // one takes, then the bytes written are kept.
  let room = 0;
  for (const piece of pieces) room += typeof piece === 'string' ? piece.length * 3 : piece.length;
  const bytes = new Uint8Array(room);
  let length = 0;
  for (const piece of pieces) {
    if (typeof piece === 'string') {
      length += encoder.encodeInto(piece, bytes.subarray(length)).written;
    } else {
      bytes.set(piece, length);
      length += piece.length;
    }
  }
  return bytes.subarray(0, length);
}

const ENVELOPE_HEAD = '{"result":"success","msg":""';

/** The success envelope's text around `inner`, the fields' JSON without its braces. */
function envelopeText(inner: string, ignored: readonly string[]): string {
  let text = ENVELOPE_HEAD;
  if (inner.length > 0) text += `,${inner}`;
  if (ignored.length > 0) text += `,"ignored_parameters_unsupported":${JSON.stringify(ignored)}`;
  return `${text}}`;
}

/**
 * Envelopes of answers whose whole JSON text the handler keeps (`withJsonText` on the result):
 * the same text object comes back while the answer holds, so its envelope's UTF-8 bytes are
 * made once and written as they are. Bounded: cleared when full.
 */
const envelopes = new Map<string, Uint8Array>();
const MAX_ENVELOPES = 256;
/** Larger answers are encoded per request: a few large lists must not pin megabytes. */
const MAX_KEPT_ENVELOPE = 256 * 1024;

/** The success envelope of a result whose whole JSON text (`{…}`) was made ahead. */
function wholeReply(fields: object, whole: string, ignored: readonly string[], check: boolean): RestReply {
  if (check && whole !== JSON.stringify(fields)) {
    throw new Error('[teamchat-server] the JSON text made ahead for the answer differs from its value');
  }
  if (ignored.length === 0) {
    let body = envelopes.get(whole);
    if (body === undefined) {
      body = encoder.encode(envelopeText(whole.slice(1, -1), ignored));
      if (whole.length <= MAX_KEPT_ENVELOPE) {
        if (envelopes.size >= MAX_ENVELOPES) envelopes.clear();
        envelopes.set(whole, body);
      }
    }
    return { status: 200, headers: { 'content-type': JSON_TYPE }, body };
  }
  return { status: 200, headers: { 'content-type': JSON_TYPE }, body: envelopeText(whole.slice(1, -1), ignored) };
}

/**
 * The success envelope: `{ result: "success", msg: "", ...fields }` (+ ignored parameters,
 * sorted), serialised once: a result whose whole text the handler made ahead is spliced as it
 * is (its envelope kept as bytes); otherwise the fields' JSON is spliced after the envelope's own keys rather
 * than copied into a new object first, and a field whose JSON the handler made ahead
 * (`withJsonText`) is spliced as it is; made-ahead bytes make the body bytes, copied once.
 * `check` verifies such texts against the values (tests and the mock run with it).
 */
export function successReply(fields: object, ignored: readonly string[], check = false): RestReply {
  const whole = jsonTextOf(fields);
  if (typeof whole === 'string') return wholeReply(fields, whole, ignored, check);
  const values = fields as Record<string, unknown>;
  const keys = Object.keys(values);
  let text = ENVELOPE_HEAD;
  if (keys.some((key) => jsonTextOf(values[key]) !== undefined)) {
    // Strings are gathered into `text` until a field made ahead as bytes ends them.
    const pieces: (string | Uint8Array)[] = [];
    for (const key of keys) {
      const value = values[key];
      const made = jsonTextOf(value);
      if (
        made !== undefined &&
        check &&
        (typeof made === 'string' ? made : decodedChunks(made.chunks)) !== JSON.stringify(value)
      ) {
        throw new Error(`[teamchat-server] the JSON text made ahead for "${key}" differs from its value`);
      }
      if (made !== undefined && typeof made !== 'string') {
        pieces.push(`${text},${JSON.stringify(key)}:`, ...made.chunks);
        text = '';
        continue;
      }
      const json = made ?? (JSON.stringify(value) as string | undefined);
      // As JSON.stringify does: a field whose value has no JSON (undefined) is left out.
      if (json !== undefined) text += `,${JSON.stringify(key)}:${json}`;
    }
    if (ignored.length > 0) text += `,"ignored_parameters_unsupported":${JSON.stringify(ignored)}`;
    pieces.push(`${text}}`);
    const body = pieces.length === 1 ? (pieces[0] as string) : joinedBytes(pieces);
    return { status: 200, headers: { 'content-type': JSON_TYPE }, body };
  }
  return {
    status: 200,
    headers: { 'content-type': JSON_TYPE },
    body: envelopeText(JSON.stringify(fields).slice(1, -1), ignored),
  };
}

/**
 * The error envelope of `error` with its HTTP status: 401 carries
 * `WWW-Authenticate: Basic realm="zulip"` (`Session realm="zulip"` for the web app's requests,
 * as the real server's `/json` routes), 429 a `Retry-After` header.
 */
export function errorReply(error: ApiError, authentication: 'basic' | 'session' = 'basic'): RestReply {
  const headers: Record<string, string> = {};
  if (error.status === 401)
    headers['www-authenticate'] = authentication === 'basic' ? 'Basic realm="zulip"' : 'Session realm="zulip"';
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
