import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { API_PREFIX, createRouteTable, incomingEndpoints, type OpenApiDocument } from '@teamchat/schema';

/** A response the reference server gave, as recorded on its way out. */
export interface RecordedResponse {
  method: string;
  /** Path below the site, with the API prefix. */
  path: string;
  status: number;
  body: unknown;
}

const routes = createRouteTable(incomingEndpoints);

/**
 * Checks recorded responses against the server's own OpenAPI document: each answer of an
 * operation must be one of the statuses the document lists for it, with a body its schema
 * accepts (the success body, or an error envelope whose `code` is one the operation declares
 * for that status).
 */
export class OpenApiResponseChecker {
  private readonly operations = new Map<string, Record<string, unknown>>();
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });

  constructor(private readonly document: OpenApiDocument) {
    for (const methods of Object.values(document.paths)) {
      for (const operation of Object.values(methods))
        this.operations.set(operation['operationId'] as string, operation);
    }
  }

  /** What is wrong with `recorded`, or null when the document describes it (or it is no operation's answer). */
  problem(recorded: RecordedResponse): string | null {
    if (!recorded.path.startsWith(`${API_PREFIX}/`) || recorded.method === 'HEAD' || recorded.method === 'OPTIONS')
      return null;
    const route = routes.match(recorded.method, recorded.path.slice(API_PREFIX.length));
    if (route.kind !== 'found') return null;
    const name = route.endpoint.name;
    const where = `${recorded.method} ${recorded.path} (${name}) → ${recorded.status}`;
    const operation = this.operations.get(name);
    if (!operation) return `${where}: the document has no operation ${name}`;
    const responses = operation['responses'] as Record<string, { content?: Record<string, { schema: unknown }> }>;
    const response = responses[String(recorded.status)];
    // Any endpoint may answer a rate limit: the API documents it once, for all (rest-error-handling).
    if (!response && recorded.status === 429)
      return (recorded.body as { code?: unknown } | null)?.code === 'RATE_LIMIT_HIT'
        ? null
        : `${where}: a 429 that is not RATE_LIMIT_HIT`;
    if (!response) return `${where}: status not in the document (${Object.keys(responses).join(', ')})`;
    const schema = response.content?.['application/json']?.schema;
    if (schema === undefined) return null;
    const key = `${name} ${recorded.status}`;
    let validate = this.validators.get(key);
    if (!validate) {
      // `#/components/...` references resolve against the document's components.
      validate = this.ajv.compile({ ...(schema as object), components: this.document.components });
      this.validators.set(key, validate);
    }
    if (validate(recorded.body)) return null;
    const errors = (validate.errors ?? [])
      .slice(0, 3)
      .map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
    return `${where}: ${errors.join('; ')} in ${JSON.stringify(recorded.body).slice(0, 300)}`;
  }
}

/**
 * Wraps a fetch handler so that every JSON answer below the API prefix is recorded (the
 * response itself goes out untouched).
 */
export function recordingHandler(
  handler: (request: Request) => Promise<Response>,
  record: (recorded: RecordedResponse) => void,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const response = await handler(request);
    const path = new URL(request.url).pathname;
    if (path.startsWith(`${API_PREFIX}/`) && response.headers.get('content-type')?.startsWith('application/json')) {
      const text = await response.clone().text();
      if (text !== '')
        record({ method: request.method, path, status: response.status, body: JSON.parse(text) as unknown });
    }
    return response;
  };
}
