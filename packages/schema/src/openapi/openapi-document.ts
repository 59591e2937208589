import type { Endpoint } from '../define-endpoint.js';
import { endpointList } from '../endpoints/index.js';
import { API_PREFIX, FEATURE_LEVEL, SERVER_VERSION } from '../version.js';
import { contractJsonSchemas } from './json-schemas.js';
import { operationOf, webhookOf, type OpenApiOperation } from './operation.js';

/** Options of {@link openApiDocument}. */
export interface OpenApiOptions {
  /** Where the API is served (`https://chat.example.com/api/v1`); default `/api/v1`, relative to the document. */
  serverUrl?: string;
}

/** An OpenAPI 3.1 document, as plain JSON data. */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: Record<string, unknown>;
  servers: { url: string; description?: string }[];
  security: Record<string, string[]>[];
  tags: { name: string }[];
  /** Path (below the server URL) → lower-case method → operation. */
  paths: Record<string, Record<string, OpenApiOperation>>;
  /** The requests our server sends to others (outgoing webhooks), by contract name. */
  webhooks: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

const ERROR_ENVELOPE = {
  type: 'object',
  description:
    'The body of every error: `code` is what to match on, `msg` is for people. Some errors add fields (`var_name`, `queue_id`).',
  properties: {
    result: { const: 'error' },
    msg: { type: 'string' },
    code: { type: 'string' },
  },
  required: ['result', 'msg', 'code'],
};

/**
 * The OpenAPI 3.1 description of the API, generated from the contract table: every contract
 * is an operation (its parameters with their wire encoding, the success body, the error codes
 * by HTTP status, the access rule, `x-since-feature-level`), and `outgoing` contracts are
 * `webhooks`. Schemas come from zod's JSON Schema output (draft 2020-12, OpenAPI 3.1's
 * dialect); the resources responses share are named components.
 *
 * @example
 * const doc = openApiDocument(); // every contract of the table
 * const served = openApiDocument(incomingEndpoints, { serverUrl: 'https://chat.example.com/api/v1' });
 */
export function openApiDocument(
  endpoints: readonly Endpoint[] = endpointList,
  options: OpenApiOptions = {},
): OpenApiDocument {
  const schemas = contractJsonSchemas(endpoints);
  const paths: OpenApiDocument['paths'] = {};
  const webhooks: OpenApiDocument['webhooks'] = {};
  for (const endpoint of endpoints) {
    const params = schemas.params.get(endpoint.name) ?? { properties: {}, required: new Set<string>() };
    const response = schemas.responses.get(endpoint.name) ?? {};
    const method = endpoint.method.toLowerCase();
    if (endpoint.direction === 'outgoing') {
      webhooks[endpoint.name] = { [method]: webhookOf(endpoint, params, response) };
    } else {
      paths[endpoint.path] = { ...paths[endpoint.path], [method]: operationOf(endpoint, params, response) };
    }
  }
  const tags = [...new Set(endpoints.map((endpoint) => endpoint.name.split('.')[0] as string))].map((name) => ({
    name,
  }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'teamchat API',
      version: SERVER_VERSION,
      description:
        'The team chat HTTP API (the Zulip REST API) as the teamchat reference server implements it, generated from its contracts. ' +
        `Feature level ${FEATURE_LEVEL}. Parameters travel as a query string (GET) or a form body (other methods); ` +
        '`x-wire-encoding` says whether a value is sent as its literal text or JSON-encoded.',
      license: { name: 'MIT', identifier: 'MIT' },
      'x-feature-level': FEATURE_LEVEL,
    },
    servers: [{ url: options.serverUrl ?? API_PREFIX }],
    security: [{ basicAuth: [] }],
    tags,
    paths,
    webhooks,
    components: {
      schemas: { ...schemas.components, ErrorEnvelope: ERROR_ENVELOPE },
      securitySchemes: {
        basicAuth: { type: 'http', scheme: 'basic', description: "The account's email address and API key." },
      },
    },
  };
}
