import type { z } from 'zod';
import type { Endpoint } from '../define-endpoint.js';
import { isFileParam, tryParseJson, wireKindOf } from './wire-kind.js';

/** A request as the wire codec lays it out: path with parameters filled in, query and form body. */
export interface EncodedRequest {
  method: Endpoint['method'];
  /** Path below `/api/v1`, path parameters substituted and URL-encoded. */
  path: string;
  /** Query string parameters (GET). */
  query: URLSearchParams;
  /**
   * Form body (`application/x-www-form-urlencoded`) for POST/PATCH/DELETE; `null` for GET.
   * With a file, the string fields only (what logs and dry runs show).
   */
  body: URLSearchParams | null;
  /**
   * The `multipart/form-data` body of a request with a file parameter: the string fields of
   * `body` and the files. `null` for every other request.
   */
  multipart: FormData | null;
}

/**
 * Encodes one parameter value to its wire text.
 *
 * Strings of `raw-or-json` parameters are quoted only when their text would read back as
 * another value of the parameter's type ("5" for an integer-or-string), so that
 * decode(encode(x)) = x.
 */
export function encodeParamValue(schema: z.ZodType, value: unknown): string {
  const kind = wireKindOf(schema);
  if (typeof value === 'string') {
    if (kind === 'raw') return value;
    if (kind === 'raw-or-json') {
      const parsed = tryParseJson(value);
      const ambiguous = parsed !== undefined && schema.safeParse(parsed.value).success;
      return ambiguous ? JSON.stringify(value) : value;
    }
  }
  return JSON.stringify(value);
}

/**
 * Lays out `params` for `endpoint`: path parameters into the path, the rest into the query
 * string (GET) or a form body (POST/PATCH/DELETE), with files in a `multipart` body;
 * `undefined` values are left out.
 *
 * @example
 * encodeParams(getMessage, { message_id: 42, apply_markdown: false })
 * // → { path: '/messages/42', query: 'apply_markdown=false', body: null }
 */
export function encodeParams(endpoint: Endpoint, params: Record<string, unknown>): EncodedRequest {
  const shape = endpoint.params.shape;
  let path = endpoint.path;
  for (const name of endpoint.pathParams) {
    const value = params[name];
    if (value === undefined || value === null) {
      throw new TypeError(`[teamchat-schema] ${endpoint.name}: missing path parameter '${name}'`);
    }
    // Path parameters follow the same wire rules as the others (the decoder reads them with
    // the parameter's wire kind): a string of an integer-or-string parameter that reads as an
    // integer (`"5"`) travels quoted, or it would come back as the integer.
    path = path.replace(`{${name}}`, encodeURIComponent(encodeParamValue(shape[name] as z.ZodType, value)));
  }
  const fields = new URLSearchParams();
  const files: [string, Blob][] = [];
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || endpoint.pathParams.includes(name)) continue;
    const schema = shape[name];
    if (schema && isFileParam(schema as z.ZodType)) {
      if (!(value instanceof Blob)) throw new TypeError(`[teamchat-schema] ${endpoint.name}: '${name}' must be a Blob or File`);
      files.push([name, value]);
      continue;
    }
    // Parameters the contract does not know are still sent (the server reports them in
    // `ignored_parameters_unsupported`), JSON-encoded unless they are strings.
    fields.append(name, schema ? encodeParamValue(schema as z.ZodType, value) : typeof value === 'string' ? value : JSON.stringify(value));
  }
  if (endpoint.method === 'GET') return { method: endpoint.method, path, query: fields, body: null, multipart: null };
  return { method: endpoint.method, path, query: new URLSearchParams(), body: fields, multipart: files.length > 0 ? multipartOf(fields, files) : null };
}

function multipartOf(fields: URLSearchParams, files: readonly [string, Blob][]): FormData {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  // A File keeps its own name; FormData names a plain Blob `blob`.
  for (const [name, file] of files) form.append(name, file);
  return form;
}
