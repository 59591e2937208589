import type { z } from 'zod';
import { wireParamOf } from './codec/wire-kind.js';
import type { Direction, HttpMethod, WireParam } from './codec/wire-endpoint.js';
import type { ErrorCode } from './errors/codes.js';

/**
 * Who may call an endpoint.
 *
 * - `public`: no authentication; credentials, if sent, are ignored.
 * - `optional`: authenticated when credentials are sent; anonymous callers are let through
 *   and the handler decides (GET /users in organizations with public access).
 * - `user`: any active account, bots included.
 * - `human`: any active human account (bots get `This endpoint does not accept bot requests.`).
 * - `member`: accounts that are not guests (guests get `Not allowed for guest users`).
 * - `human-member`: human accounts that are not guests (user groups).
 * - `admin`: organization administrators and owners (`UNAUTHORIZED_PRINCIPAL` otherwise).
 * - `owner`: organization owners.
 */
export type Access = 'public' | 'optional' | 'user' | 'human' | 'member' | 'human-member' | 'admin' | 'owner';

/** Any zod object usable as a params schema. */
export type ParamsSchema = z.ZodObject<z.ZodRawShape>;

/** The declaration of one endpoint: the only place its shape is written. */
export interface EndpointConfig<
  TName extends string = string,
  TParams extends ParamsSchema = ParamsSchema,
  TResponse extends z.ZodType = z.ZodType,
  TDirection extends Direction = Direction,
  TMethod extends HttpMethod = HttpMethod,
> {
  /** Stable id: SDK method (`client.messages.get`), tRPC procedure and CLI name. */
  name: TName;
  method: TMethod;
  /** Path below `/api/v1`, with path parameters in braces: `/messages/{message_id}`. */
  path: string;
  /**
   * The last path segment's parameter, when it takes the rest of the path, slashes included (the real
   * server's `<path:…>` routes): a navigation view's `fragment` (`narrow/is/alerted`), an
   * uploaded file's `filename`. The escaped form (`narrow%2Fis%2Falerted`) matches too.
   */
  restOfPath?: string;
  access: Access;
  /** Feature level that introduced the endpoint (omitted for endpoints older than feature levels). */
  since?: number;
  /** One sentence for docs, `--help` and JSDoc. */
  summary: string;
  /**
   * The page of the real server's API documentation that describes the endpoint,
   * `https://zulip.com/api/<docs>` (its operationId there): `'get-messages'`. Absent when that
   * documentation has no page for it; `docsNote` then says why.
   */
  docs?: string;
  /** Why there is no `docs` page, or how the page relates (the older form of an endpoint it documents). */
  docsNote?: string;
  /** Parameters: path parameters, then query (GET) or form-body parameters. */
  params: TParams;
  /** Fields of the success body besides `result` and `msg`. */
  response: TResponse;
  /** Error codes the endpoint may answer with, besides the generic ones every endpoint has. */
  errors: readonly ErrorCode[];
  /**
   * HTTP statuses a code of `errors` is also answered with here, besides the table's: the real
   * server's `{ BAD_REQUEST: [404] }` for a navigation view that does not exist.
   */
  errorStatuses?: Readonly<Partial<Record<ErrorCode, readonly number[]>>>;
  /** Other wire spellings of parameters: `{ client_gravatar: 'client_extavatar' }`. */
  aliases?: Readonly<Record<string, string>>;
  /** Set on deprecated endpoints: what to use instead. */
  deprecated?: string;
  /** `outgoing` for requests our server sends (never routed, never an SDK method); default `incoming`. */
  direction?: TDirection;
}

/** A declared endpoint with its path parameter names worked out. */
export type Endpoint<
  TName extends string = string,
  TParams extends ParamsSchema = ParamsSchema,
  TResponse extends z.ZodType = z.ZodType,
  TDirection extends Direction = Direction,
  TMethod extends HttpMethod = HttpMethod,
> = Readonly<Omit<EndpointConfig<TName, TParams, TResponse, TDirection, TMethod>, 'direction'>> & {
  /** Which way the request travels; always set (`incoming` unless declared otherwise). */
  readonly direction: TDirection;
  /** Names of the path parameters, in path order. */
  readonly pathParams: readonly string[];
  /**
   * How each parameter travels on the wire, worked out from `params` on first use: what
   * `encodeParams` needs, so that a contract is also a `WireEndpoint`.
   */
  readonly wire: Readonly<Record<string, WireParam>>;
};

/** Parameters a caller passes (defaults optional). */
export type EndpointInput<E extends Endpoint> = z.input<E['params']>;
/** Parameters a handler receives (defaults applied). */
export type EndpointParams<E extends Endpoint> = z.output<E['params']>;
/** The success body's fields. */
export type EndpointResult<E extends Endpoint> = z.output<E['response']>;

const PATH_PARAM = /\{([a-z_]+)\}/g;

/**
 * Declares an endpoint contract. Every consumer (SDK, server, mock, CLI) is derived from it.
 *
 * @example
 * export const getMessage = defineEndpoint({
 *   name: 'messages.get', method: 'GET', path: '/messages/{message_id}', access: 'user',
 *   summary: 'Fetch a single message.',
 *   params: z.object({ message_id: z.number().int() }),
 *   response: z.object({ message: Message }), errors: ['BAD_REQUEST'],
 * });
 */
export function defineEndpoint<
  const TName extends `${string}.${string}`,
  TParams extends ParamsSchema,
  TResponse extends z.ZodType,
  const TDirection extends Direction = 'incoming',
  const TMethod extends HttpMethod = HttpMethod,
>(
  config: EndpointConfig<TName, TParams, TResponse, TDirection, TMethod>,
): Endpoint<TName, TParams, TResponse, TDirection, TMethod> {
  const pathParams = [...config.path.matchAll(PATH_PARAM)].map((match) => match[1] as string);
  for (const name of pathParams) {
    if (!(name in config.params.shape)) {
      throw new Error(`[teamchat-schema] ${config.name}: path parameter '${name}' is not in params`);
    }
  }
  if (config.restOfPath !== undefined && !config.path.endsWith(`/{${config.restOfPath}}`)) {
    throw new Error(
      `[teamchat-schema] ${config.name}: restOfPath '${config.restOfPath}' is not the last segment of ${config.path}`,
    );
  }
  for (const [alias, target] of Object.entries(config.aliases ?? {})) {
    if (!(target in config.params.shape)) {
      throw new Error(`[teamchat-schema] ${config.name}: alias '${alias}' names unknown parameter '${target}'`);
    }
  }
  const direction = (config.direction ?? 'incoming') as TDirection;
  // Lazily: a schema may refer (through z.lazy) to one declared after the contract.
  let wire: Readonly<Record<string, WireParam>> | undefined;
  return Object.freeze({
    ...config,
    direction,
    pathParams: Object.freeze(pathParams),
    get wire() {
      wire ??= Object.freeze(
        Object.fromEntries(Object.entries(config.params.shape).map(([name, schema]) => [name, wireParamOf(schema)])),
      );
      return wire;
    },
  });
}
