import type { AreaContractName, AreaName, Endpoint, EndpointParams, EndpointResult, IncomingEndpointName, IncomingEndpoints } from '@teamchat/schema';
import type { OperationContext } from '../model/context.js';

/**
 * An operation: the domain code behind a contract. Decoded, typed params and a context in;
 * the response fields out, or an `ApiError` thrown. `ctx.prepared` is what the handler's
 * `prepare` step made (undefined without one).
 */
export type Operation<E extends Endpoint, P = undefined> = (
  params: EndpointParams<E>,
  ctx: OperationContext<E> & { prepared: P },
) => EndpointResult<E> | Promise<EndpointResult<E>>;

/** Slow work a handler does before the write lock is taken; its result reaches the operation as `ctx.prepared`. */
export type Prepare<E extends Endpoint, P> = (params: EndpointParams<E>, ctx: OperationContext<E>) => Promise<P>;

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
}

/**
 * What the server does for a contract: its operation, and how it runs. A handler without
 * `prepare` has an operation that expects nothing prepared; one with `prepare` is made with
 * {@link withPrepare}, which checks that the two agree.
 */
export type Handler<E extends Endpoint = Endpoint> =
  | (HandlerOptions & { readonly operation: Operation<E>; readonly prepare?: never })
  | (HandlerOptions & {
      /**
       * Slow work to do before the write lock is taken (password hashing, digests), on a read
       * view; its result reaches the operation as `ctx.prepared`. Mutations are then
       * synchronous inside the lock, so other writers never wait for them.
       */
      readonly prepare: Prepare<E, unknown>;
      readonly operation: Operation<E, never>;
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
 * name: a map declared `satisfies AreaHandlers<'markRead'>` fails to compile while a
 * contract of the area has no handler, or when it names one the area does not declare.
 */
export type AreaHandlers<A extends AreaName> = {
  readonly [N in AreaContractName<A> & IncomingEndpointName]: Handler<IncomingEndpoints[N]>;
};

/** Every incoming contract's handler, keyed by contract name. */
export type Handlers = { readonly [N in IncomingEndpointName]: Handler<IncomingEndpoints[N]> };

/** A handler with its contract: what the dispatch runs (a page's handler carries its own contract). */
export type ContractHandler<E extends Endpoint = Endpoint> = Handler<E> & { readonly contract: E };

/**
 * The handler of a page beside the API (an uploaded file, an email link, the sign-up form):
 * its contract is declared beside it rather than in the schema, and it runs like the API's
 * (authentication, due jobs, transactions).
 */
export function pageHandler<E extends Endpoint, P = undefined>(
  contract: E,
  operation: Operation<E, P>,
  options: HandlerOptions & { prepare?: Prepare<E, P> } = {},
): ContractHandler<E> {
  return { ...options, contract, operation } as ContractHandler<E>;
}
