import type { Endpoint, EndpointParams, EndpointResult } from '@teamchat/schema';
import type { HandlerContext } from '../model/context.js';

/** Domain code of one endpoint: typed params and a context in, the response fields out. */
export type Handler<E extends Endpoint, P = undefined> = (
  params: EndpointParams<E>,
  ctx: HandlerContext<E> & { prepared: P },
) => EndpointResult<E> | Promise<EndpointResult<E>>;

/** How a handler runs. */
export interface ImplementationOptions<E extends Endpoint = Endpoint, P = undefined> {
  /**
   * True for mutations that write nothing to the store (POST /register, DELETE /events,
   * POST /fetch_api_key): they run on a read view, outside the write lock.
   */
  readOnly?: boolean;
  /**
   * True for handlers that commit their own transactions with `ctx.store.write` (one per
   * batch, POST /streams/{id}/delete_topic): they get a read view as `ctx.db`.
   */
  ownTransactions?: boolean;
  /**
   * True for a GET that changes state (the email-confirmation link): it runs as one write
   * transaction like a mutation.
   */
  writes?: boolean;
  /**
   * Slow work to do before the write lock is taken (password hashing, digests), on a read
   * view; its result reaches the handler as `ctx.prepared`. Mutation handlers are then
   * synchronous inside the lock, so other writers never wait for them.
   */
  prepare?: (params: EndpointParams<E>, ctx: HandlerContext<E>) => Promise<P>;
}

/** A contract with its handler. */
export interface Implementation<E extends Endpoint = Endpoint> {
  readonly endpoint: E;
  readonly handler: Handler<E, unknown>;
  readonly options: ImplementationOptions<E, unknown>;
}

/**
 * Pairs a contract with its domain handler; the router, REST routes and mock handlers are
 * derived from the list of implementations.
 *
 * @example
 * export const getOwnUserImpl = implement(endpoints['users.me'], (_params, ctx) => ownUser(ctx));
 */
export function implement<E extends Endpoint, P = undefined>(
  endpoint: E,
  handler: Handler<E, P>,
  options: ImplementationOptions<E, P> = {},
): Implementation<E> {
  return { endpoint, handler: handler as Handler<E, unknown>, options: options as ImplementationOptions<E, unknown> };
}
