import type { Direction, HttpMethod } from '../define-endpoint.js';

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

/** Parses JSON text, or returns `undefined` when it is not JSON. */
export function tryParseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}
