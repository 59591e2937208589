import { jsonTypeOf, tryParseJson, type WireEndpoint, type WireParam } from './wire-endpoint.js';

/** A request as the wire codec lays it out: path with parameters filled in, query and form body. */
export interface EncodedRequest {
  method: WireEndpoint['method'];
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
 * Encodes one parameter value to its wire text, as `param` says it travels
 * ({@link WireParam}): a string of a name-or-ID parameter is quoted only when its text
 * would read back as another value (`"5"`), so that decode(encode(x)) = x.
 */
export function encodeWireValue(param: WireParam | undefined, value: unknown): string {
  if (typeof value === 'string') {
    // A parameter the contract does not know is still sent (the server reports it in
    // `ignored_parameters_unsupported`): strings as they are, anything else as JSON.
    if (param === 'raw' || param === undefined) return value;
    if (typeof param !== 'string') {
      const parsed = tryParseJson(value);
      return parsed !== undefined && param.includes(jsonTypeOf(parsed.value)) ? JSON.stringify(value) : value;
    }
  }
  return JSON.stringify(value);
}

/**
 * Lays out `params` for `endpoint` (a contract, or an entry of the SDK's wire table): path
 * parameters into the path, the rest into the query string (GET) or a form body
 * (POST/PATCH/DELETE), with files in a `multipart` body; `undefined` values are left out.
 * Needs no schema, so it runs in the SDK's browser bundle.
 *
 * @example
 * encodeParams(getMessage, { message_id: 42, apply_markdown: false })
 * // → { path: '/messages/42', query: 'apply_markdown=false', body: null }
 */
export function encodeParams(endpoint: WireEndpoint, params: Record<string, unknown>): EncodedRequest {
  const { wire } = endpoint;
  const known = (name: string): WireParam | undefined => (Object.hasOwn(wire, name) ? wire[name] : undefined);
  let path = endpoint.path;
  for (const name of endpoint.pathParams) {
    const value = params[name];
    if (value === undefined || value === null) {
      throw new TypeError(`[teamchat-schema] ${endpoint.name}: missing path parameter '${name}'`);
    }
    // Path parameters follow the same wire rules as the others (the decoder reads them with
    // the parameter's wire kind): a string of an integer-or-string parameter that reads as an
    // integer (`"5"`) travels quoted, or it would come back as the integer.
    path = path.replace(`{${name}}`, encodeURIComponent(encodeWireValue(known(name), value)));
  }
  const fields = new URLSearchParams();
  const files: [string, Blob][] = [];
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || endpoint.pathParams.includes(name)) continue;
    if (known(name) === 'file') {
      if (!(value instanceof Blob))
        throw new TypeError(`[teamchat-schema] ${endpoint.name}: '${name}' must be a Blob or File`);
      files.push([name, value]);
      continue;
    }
    fields.append(name, encodeWireValue(known(name), value));
  }
  if (endpoint.method === 'GET') return { method: endpoint.method, path, query: fields, body: null, multipart: null };
  return {
    method: endpoint.method,
    path,
    query: new URLSearchParams(),
    body: fields,
    multipart: files.length > 0 ? multipartOf(fields, files) : null,
  };
}

function multipartOf(fields: URLSearchParams, files: readonly [string, Blob][]): FormData {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  // A File keeps its own name; FormData names a plain Blob `blob`.
  for (const [name, file] of files) form.append(name, file);
  return form;
}
