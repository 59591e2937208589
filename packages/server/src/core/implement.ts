import type { Endpoint, EndpointParams, EndpointResult } from '@teamchat/schema';
import type { Context, UserContext } from './context.js';

/** The context of a handler: with a caller unless the endpoint admits anonymous calls. */
export type HandlerContext<E extends Endpoint> = E['access'] extends 'public' | 'optional' ? Context : UserContext;

/** Domain code of one endpoint: typed params and a context in, the response fields out. */
export type Handler<E extends Endpoint> = (
  params: EndpointParams<E>,
  ctx: HandlerContext<E>,
) => EndpointResult<E> | Promise<EndpointResult<E>>;

/** How a handler runs. */
export interface ImplementationOptions {
  /**
   * True for mutations that write nothing to the store (POST /register, DELETE /events,
   * POST /fetch_api_key): they run outside the write lock, so a slow one (password hashing)
   * never delays other writers.
   */
  readOnly?: boolean;
}

/** A contract with its handler. */
export interface Implementation<E extends Endpoint = Endpoint> {
  readonly endpoint: E;
  readonly handler: Handler<E>;
  readonly options: ImplementationOptions;
}

/**
 * Pairs a contract with its domain handler; the router, REST routes and mock handlers are
 * derived from the list of implementations.
 *
 * @example
 * export const getOwnUserImpl = implement(endpoints['users.me'], (_params, ctx) => ownUser(ctx));
 */
export function implement<E extends Endpoint>(endpoint: E, handler: Handler<E>, options: ImplementationOptions = {}): Implementation<E> {
  return { endpoint, handler, options };
}
