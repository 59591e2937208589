import type { z } from 'zod';
import type { Access, Endpoint } from '../define-endpoint.js';
import { isFileParam, wireKindOf, type WireKind } from '../codec/wire-kind.js';
import { httpStatusOf, type ErrorCode } from '../errors/codes.js';
import type { JsonSchema, ParamsJsonSchema } from './json-schemas.js';

/** An OpenAPI 3.1 operation object, as plain data. */
export type OpenApiOperation = Record<string, unknown>;

/** The extension naming a parameter's wire encoding ({@link WireKind}). */
const WIRE = 'x-wire-encoding';

const WIRE_DESCRIPTIONS: Record<WireKind, string> = {
  raw: 'Sent as its literal text.',
  json: 'Sent JSON-encoded (`true`, `5`, `[1,2]`, `{"a":1}`).',
  'raw-or-json':
    'Sent JSON-encoded; a string may also be sent as its literal text when that text would not read as another value of the parameter (the server tries JSON first).',
  file: 'An uploaded file: one part of a `multipart/form-data` body, under any field name.',
};

const ACCESS_DESCRIPTIONS: Record<Access, string> = {
  public: 'No authentication: credentials, if sent, are ignored.',
  optional:
    'Authenticated when credentials are sent; anonymous callers are let through where the organization allows it.',
  user: 'Any active account, bots included.',
  human: 'Any active human account (bots get `This endpoint does not accept bot requests.`).',
  member: 'Accounts that are not guests (guests get `Not allowed for guest users`).',
  'human-member': 'Human accounts that are not guests.',
  admin: 'Organization administrators and owners.',
  owner: 'Organization owners.',
};

/**
 * The error codes every contract may answer with besides its own: bad parameters, missing
 * ones, a parameter under two of its names, authentication, and the role check.
 */
export function genericErrors(endpoint: Endpoint, required: ReadonlySet<string>): ErrorCode[] {
  const codes: ErrorCode[] = ['BAD_REQUEST'];
  if ([...required].some((name) => !endpoint.pathParams.includes(name))) codes.push('REQUEST_VARIABLE_MISSING');
  if (endpoint.aliases && Object.keys(endpoint.aliases).length > 0) codes.push('REQUEST_CONFUSING_VAR');
  if (endpoint.access !== 'public') codes.push('UNAUTHORIZED');
  if (endpoint.access === 'admin' || endpoint.access === 'owner') codes.push('UNAUTHORIZED_PRINCIPAL');
  return codes;
}

function aliasesOf(endpoint: Endpoint, name: string): string[] {
  return Object.entries(endpoint.aliases ?? {})
    .filter(([, target]) => target === name)
    .map(([alias]) => alias);
}

function describeParam(kind: WireKind, aliases: readonly string[]): string {
  const also = aliases.length > 0 ? ` Also accepted as ${aliases.map((a) => `\`${a}\``).join(', ')}.` : '';
  return `${WIRE_DESCRIPTIONS[kind]}${also}`;
}

function parameterObject(
  endpoint: Endpoint,
  name: string,
  schema: JsonSchema,
  required: boolean,
): Record<string, unknown> {
  const kind = wireKindOf(endpoint.params.shape[name] as z.ZodType);
  const where = endpoint.pathParams.includes(name) ? 'path' : 'query';
  const aliases = aliasesOf(endpoint, name);
  // JSON-encoded values are declared as JSON content, as OpenAPI spells it for parameters.
  const value = kind === 'raw' || where === 'path' ? { schema } : { content: { 'application/json': { schema } } };
  return {
    name,
    in: where,
    required: where === 'path' || required,
    description: where === 'path' ? 'A path segment (URL-encoded).' : describeParam(kind, aliases),
    ...value,
    [WIRE]: kind,
    ...(aliases.length > 0 ? { 'x-aliases': aliases } : {}),
  };
}

function requestBody(endpoint: Endpoint, names: readonly string[], params: ParamsJsonSchema): Record<string, unknown> {
  const shape = endpoint.params.shape as Record<string, z.ZodType>;
  const multipart = names.some((name) => isFileParam(shape[name] as z.ZodType));
  const properties: Record<string, JsonSchema> = {};
  const encoding: Record<string, Record<string, unknown>> = {};
  for (const name of names) {
    const kind = wireKindOf(shape[name] as z.ZodType);
    const aliases = aliasesOf(endpoint, name);
    properties[name] = { ...params.properties[name], description: describeParam(kind, aliases) };
    const contentType =
      kind === 'file' ? 'application/octet-stream' : kind === 'raw' ? 'text/plain' : 'application/json';
    encoding[name] = { contentType, [WIRE]: kind, ...(aliases.length > 0 ? { 'x-aliases': aliases } : {}) };
  }
  const required = names.filter((name) => params.required.has(name));
  return {
    required: required.length > 0,
    content: {
      [multipart ? 'multipart/form-data' : 'application/x-www-form-urlencoded']: {
        schema: { type: 'object', properties, ...(required.length > 0 ? { required } : {}) },
        encoding,
      },
    },
  };
}

/** The success body: the envelope's fields merged into the contract's response fields. */
function successSchema(response: JsonSchema): JsonSchema {
  const envelope = {
    result: { const: 'success' },
    msg: { type: 'string' },
    ignored_parameters_unsupported: {
      type: 'array',
      items: { type: 'string' },
      description: 'Request parameters the endpoint does not support (FL 167).',
    },
  };
  if (response['type'] === 'object' && !('$ref' in response) && !('anyOf' in response) && !('allOf' in response)) {
    const properties = { ...envelope, ...(response['properties'] as Record<string, JsonSchema> | undefined) };
    return {
      ...response,
      properties,
      required: ['result', 'msg', ...((response['required'] as string[] | undefined) ?? [])],
    };
  }
  return { allOf: [{ type: 'object', properties: envelope, required: ['result', 'msg'] }, response] };
}

/**
 * The error responses of `codes`, one per HTTP status (the table's, and the endpoint's
 * `errorStatuses`), each with its codes as an enum.
 */
function errorResponses(
  codes: readonly ErrorCode[],
  extraStatuses: Endpoint['errorStatuses'] = {},
): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    for (const status of new Set([httpStatusOf(code), ...(extraStatuses[code] ?? [])]))
      byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, unknown> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: `An error envelope with \`code\` ${list.map((c) => `\`${c}\``).join(', ')}.`,
      ...(status === 401
        ? { headers: { 'WWW-Authenticate': { schema: { type: 'string' }, description: '`Basic realm="zulip"`' } } }
        : {}),
      content: {
        'application/json': {
          schema: {
            allOf: [
              { $ref: '#/components/schemas/ErrorEnvelope' },
              { type: 'object', properties: { code: { enum: list } } },
            ],
          },
        },
      },
    };
  }
  return responses;
}

function descriptionOf(endpoint: Endpoint): string {
  const lines = [endpoint.summary, '', `**Access**: ${ACCESS_DESCRIPTIONS[endpoint.access]}`];
  if (endpoint.since !== undefined) lines.push('', `**Changes**: New in feature level ${endpoint.since}.`);
  if (endpoint.deprecated) lines.push('', `**Deprecated**: ${endpoint.deprecated}`);
  if (endpoint.docsNote) lines.push('', endpoint.docsNote);
  return lines.join('\n');
}

/** The page of the real server's API documentation that describes a contract, as its URL. */
function docsUrlOf(endpoint: Pick<Endpoint, 'docs'>): string | undefined {
  return endpoint.docs === undefined ? undefined : `https://zulip.com/api/${endpoint.docs}`;
}

/**
 * The OpenAPI operation of an incoming contract: parameters with their wire encoding (path,
 * query for GET, form body otherwise, `multipart/form-data` with a file), the success body,
 * an error response per status with its codes, the access rule and the `since` feature level.
 */
export function operationOf(endpoint: Endpoint, params: ParamsJsonSchema, response: JsonSchema): OpenApiOperation {
  const names = Object.keys(endpoint.params.shape);
  const inQueryOrPath = names.filter((name) => endpoint.method === 'GET' || endpoint.pathParams.includes(name));
  const inBody = names.filter((name) => !inQueryOrPath.includes(name));
  const parameters = inQueryOrPath.map((name) =>
    parameterObject(endpoint, name, params.properties[name] ?? {}, params.required.has(name)),
  );
  const security =
    endpoint.access === 'public'
      ? { security: [] }
      : endpoint.access === 'optional'
        ? { security: [{}, { basicAuth: [] }] }
        : {};
  return {
    operationId: endpoint.name,
    summary: endpoint.summary,
    description: descriptionOf(endpoint),
    tags: [endpoint.name.split('.')[0]],
    ...(endpoint.deprecated ? { deprecated: true } : {}),
    ...(endpoint.docs === undefined
      ? {}
      : { externalDocs: { description: "The real server's documentation", url: docsUrlOf(endpoint) } }),
    ...security,
    'x-access': endpoint.access,
    ...(endpoint.since === undefined ? {} : { 'x-since-feature-level': endpoint.since }),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(inBody.length > 0 ? { requestBody: requestBody(endpoint, inBody, params) } : {}),
    responses: {
      '200': { description: 'Success.', content: { 'application/json': { schema: successSchema(response) } } },
      ...errorResponses([...endpoint.errors, ...genericErrors(endpoint, params.required)], {
        ...endpoint.errorStatuses,
        // A form body past the size limit (the upload limit for uploads).
        ...(inBody.length > 0 ? { BAD_REQUEST: [...(endpoint.errorStatuses?.BAD_REQUEST ?? []), 413] } : {}),
      }),
    },
  };
}

/**
 * The OpenAPI webhook of an `outgoing` contract: the JSON our server POSTs to someone else's
 * URL, and the reply it reads.
 */
export function webhookOf(endpoint: Endpoint, params: ParamsJsonSchema, response: JsonSchema): OpenApiOperation {
  return {
    operationId: endpoint.name,
    summary: endpoint.summary,
    description: endpoint.summary,
    tags: [endpoint.name.split('.')[0]],
    ...(endpoint.since === undefined ? {} : { 'x-since-feature-level': endpoint.since }),
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: { type: 'object', properties: params.properties, required: [...params.required] },
        },
      },
    },
    responses: {
      '200': {
        description: 'The reply; it may post a message back.',
        content: { 'application/json': { schema: response } },
      },
    },
  };
}
