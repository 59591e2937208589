/** HTTP methods the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Which way a request travels.
 *
 * - `incoming` (the default): a request a client sends to our server. The server and the mock
 *   route it, the SDK and the CLI expose it as a method.
 * - `outgoing`: a request our server sends to someone else (the outgoing-webhook payload POSTed
 *   to a bot's URL). Declared so its shape is written once and validated on both ends, but never
 *   routed by the server or the mock and never an SDK or CLI method; filter the table with
 *   `incomingEndpoints`.
 */
export type Direction = 'incoming' | 'outgoing';

/** The type of a JSON value, as {@link jsonTypeOf} names it. */
export type JsonType = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object';

/**
 * How one parameter travels on the wire, in a form that needs no schema at run time:
 *
 * - `raw`: the literal text (names, descriptions, enum strings such as `op=add`);
 * - `json`: JSON text (`true`, `5`, `[1,2]`, `{"new":11}`);
 * - `file`: a part of a `multipart/form-data` body;
 * - a list of JSON types: a type that admits strings and other values (`to`: a name or an
 *   ID or a list). Its strings travel as their literal text unless that text reads as JSON
 *   of one of the listed types (`"5"` for a name-or-ID), which is then JSON-quoted; the
 *   server tries JSON first and falls back to the text. Every other value travels as JSON.
 */
export type WireParam = 'raw' | 'json' | 'file' | readonly JsonType[];

/**
 * What encoding a request needs of a contract, and nothing else: no schema. Every contract
 * made by `defineEndpoint` is one (its `wire` is worked out from its zod schemas); the SDK
 * ships a generated table of them so that a browser bundle holds no zod.
 */
export interface WireEndpoint {
  /** Contract name, e.g. `messages.get`. */
  readonly name: string;
  readonly method: HttpMethod;
  /** Path below `/api/v1`, with path parameters in braces: `/messages/{message_id}`. */
  readonly path: string;
  /** Names of the path parameters, in path order. */
  readonly pathParams: readonly string[];
  /** How each parameter of the contract travels. */
  readonly wire: Readonly<Record<string, WireParam>>;
  /** Other wire spellings of parameters: `{ client_gravatar: 'client_extavatar' }`. */
  readonly aliases?: Readonly<Record<string, string>> | undefined;
  /** `outgoing` for requests the server sends (never callable); absent or `incoming` otherwise. */
  readonly direction?: Direction | undefined;
}

/** The JSON type of a parsed JSON value. */
export function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  return type === 'string' || type === 'number' || type === 'boolean' ? type : 'object';
}

/** What a JSON text can start with (after whitespace): an object, array, string, number or literal. */
const JSON_START = /^[\s]*[{["\-0-9tfn]/;

/** Parses JSON text, or returns `undefined` when it is not JSON. */
export function tryParseJson(text: string): { value: unknown } | undefined {
  // Most wire texts that are no JSON (names, Markdown) show it at their first character:
  // refused without the cost of a thrown exception.
  if (!JSON_START.test(text)) return undefined;
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}
