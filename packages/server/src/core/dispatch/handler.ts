import type {
  AreaContractName,
  AreaName,
  Endpoint,
  EndpointParams,
  EndpointResult,
  IncomingEndpointName,
  IncomingEndpoints,
} from '@teamchat/schema';
import type { OperationContext } from '../runtime/context.js';
import type { PortName } from '../runtime/ports.js';

/**
 * An operation: the domain code behind a contract. Decoded, typed params and a context in;
 * the response fields out, or an `ApiError` thrown. `ctx.prepared` is what the handler's
 * `prepare` step made (undefined without one); the context has the ports `Q` of its area.
 */
export type Operation<E extends Endpoint, P = undefined, Q extends PortName = never> = (
  params: EndpointParams<E>,
  ctx: OperationContext<E, Q> & { prepared: P },
) => EndpointResult<E> | Promise<EndpointResult<E>>;

/** Slow work a handler does before the write lock is taken; its result reaches the operation as `ctx.prepared`. */
export type Prepare<E extends Endpoint, P, Q extends PortName = never> = (
  params: EndpointParams<E>,
  ctx: OperationContext<E, Q>,
) => Promise<P>;

/** How the core runs a handler's operation (the dispatch's `run` step). */
export interface HandlerOptions {
  /**
   * True for mutations that write nothing to the store (POST /register, DELETE /events,
   * POST /fetch_api_key): they run on a read view, outside the write lock.
   */
  readonly readOnly?: boolean;
  /**
   * True for operations that commit their own transactions with `ctx.store.write` (one per
   * batch, POST /streams/{id}/delete_topic): they get a read view as `ctx.db`.
   */
  readonly ownTransactions?: boolean;
  /**
   * True for a GET that changes state (the email-confirmation link): it runs as one write
   * transaction like a mutation.
   */
  readonly writes?: boolean;
  /**
   * True for a query whose answer is made of the store, the server's settings, the caller and
   * the request's URL and `User-Agent` alone (no event queues, no other header, no randomness): the REST layer
   * may then keep its whole answer and give it again while the store and the settings are
   * unchanged (`rest/kept-replies.ts`), unless the operation read a clock while making it.
   */
  readonly keptAnswer?: boolean;
  /**
   * The ports (`runtime/ports.ts`) the operation's context carries: those its area declares
   * ({@link areaHandlers}), or a page's own (`pageHandler`).
   */
  readonly ports?: readonly PortName[];
}

/**
 * What the server does for a contract: its operation, and how it runs. A handler without
 * `prepare` has an operation that expects nothing prepared; one with `prepare` is made with
 * {@link withPrepare}, which checks that the two agree.
 */
export type Handler<E extends Endpoint = Endpoint, Q extends PortName = never> =
  | (HandlerOptions & { readonly operation: Operation<E, undefined, Q>; readonly prepare?: never })
  | (HandlerOptions & {
      /**
       * Slow work to do before the write lock is taken (password hashing, digests), on a read
       * view; its result reaches the operation as `ctx.prepared`. Mutations are then
       * synchronous inside the lock, so other writers never wait for them.
       */
      readonly prepare: Prepare<E, unknown, Q>;
      readonly operation: Operation<E, never, Q>;
    });

/**
 * A handler whose operation needs slow work done first: `prepare` runs before the write lock
 * and its result is the operation's `ctx.prepared`. The compiler checks that the operation
 * takes what `prepare` makes.
 *
 * @example
 * 'messages.update': withPrepare(prepareUpdateMessage, updateMessage),
 */
export function withPrepare<TParams, TContext, TPrepared, TResult>(
  prepare: (params: TParams, ctx: TContext) => Promise<TPrepared>,
  operation: (params: NoInfer<TParams>, ctx: NoInfer<TContext> & { prepared: NoInfer<TPrepared> }) => TResult,
): { readonly prepare: typeof prepare; readonly operation: typeof operation } {
  return { prepare, operation };
}

/**
 * The handlers of an area's contracts (`schema/src/endpoints/<area>/`), keyed by contract
 * name, whose operations may use the ports `Q`: a map of type `AreaHandlers<'markRead'>`
 * fails to compile while a contract of the area has no handler, or when it names one the
 * area does not declare.
 */
export type AreaHandlers<A extends AreaName, Q extends PortName = never> = {
  readonly [N in AreaContractName<A> & IncomingEndpointName]: Handler<IncomingEndpoints[N], Q>;
};

/**
 * An area's handler map, with the ports its operations may reach: their contexts have those
 * and no other (`ctx.files` without `'files'` declared does not compile), and the dispatch
 * gives them those and no other. Each handler carries the declaration (`ports`).
 *
 * @example
 * export const attachmentsHandlers = areaHandlers('attachments', { ports: ['files', 'store'] }, {
 *   'attachments.delete': { operation: deleteAttachment },
 *   …
 * });
 */
export function areaHandlers<A extends AreaName, const Q extends PortName = never>(
  _area: A,
  declaration: { readonly ports: readonly Q[] },
  handlers: AreaHandlers<A, NoInfer<Q>>,
): AreaHandlers<A, Q> {
  const ports = Object.freeze([...declaration.ports]);
  return Object.fromEntries(
    Object.entries(handlers).map(([name, handler]) => [name, { ...(handler as object), ports }]),
  ) as unknown as AreaHandlers<A, Q>;
}

/** Every incoming contract's handler, keyed by contract name (each with the ports of its area). */
export type Handlers = { readonly [N in IncomingEndpointName]: Handler<IncomingEndpoints[N], PortName> };

/** A handler with its contract: what the dispatch runs (a page's handler carries its own contract). */
export type ContractHandler<E extends Endpoint = Endpoint> = Handler<E, PortName> & { readonly contract: E };

/**
 * The handler of a page beside the API (an uploaded file, an email link, the sign-up form):
 * its contract is declared beside it rather than in the schema, and it runs like the API's
 * (authentication, due jobs, transactions).
 */
export function pageHandler<E extends Endpoint, P = undefined, const Q extends PortName = never>(
  contract: E,
  operation: Operation<E, P, NoInfer<Q>>,
  options: HandlerOptions & { prepare?: Prepare<E, P, NoInfer<Q>>; ports?: readonly Q[] } = {},
): ContractHandler<E> {
  return { ...options, contract, operation } as ContractHandler<E>;
}
