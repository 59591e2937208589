import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import type { IncomingEndpointName } from '@teamchat/schema';
import type { Core, RequestInfo, UserRecord } from '../core/index.js';
import { buildRouter, type RouterFor } from './build-router.js';
import { apiErrorOf, trpc, type TrpcContext } from './trpc.js';

/**
 * The router of every incoming contract, for typed tRPC clients. (A plain type reference, not
 * `ReturnType<typeof buildRouter<…>>`: the declaration bundler drops the type argument of an
 * instantiation expression, leaving the name type undeclared in the shipped .d.ts.)
 */
export type AppRouter = RouterFor<IncomingEndpointName>;

const routers = new WeakMap<Core, AppRouter>();

/** The router of `core`'s contracts, built (and tRPC initialised) on first use. */
function routerOf(core: Core): AppRouter {
  let router = routers.get(core);
  if (!router) {
    router = buildRouter<IncomingEndpointName>(core.endpoints.values());
    routers.set(core, router);
  }
  return router;
}

/** The tRPC context of a request; `user` when the caller is already known (a server-side caller). */
function contextOf(core: Core, request: RequestInfo, user?: UserRecord | null): TrpcContext {
  return user === undefined ? { core, request } : { core, request, user };
}

/**
 * The tRPC transport: `(request) => response` for the REST handler's `/trpc` route, over the
 * router of `core`'s contracts. Every procedure runs its contract's handler through the core,
 * as REST does; an `ApiError` is answered with its HTTP status and its envelope in
 * `data.apiError`.
 */
export function createTrpcHandler(core: Core): (request: Request, info: RequestInfo) => Promise<Response> {
  const { log } = core.services;
  return (request, info) =>
    fetchRequestHandler({
      endpoint: '/trpc',
      req: request,
      router: routerOf(core),
      createContext: () => contextOf(core, info),
      responseMeta: ({ errors }) => {
        const status = errors.map((error) => apiErrorOf(error)?.status).find((s) => s !== undefined);
        return status === undefined ? {} : { status };
      },
      onError: ({ error, path: procedure }) => {
        if (!apiErrorOf(error))
          log.error('unexpected error in tRPC procedure', { procedure, error: String(error.cause ?? error) });
      },
    });
}

/**
 * A server-side caller of `core`'s router, as `user` (STYLE.md rule 9: procedures are tested
 * through tRPC's `createCaller`, without HTTP).
 */
export function createTrpcCaller(core: Core, request: RequestInfo, user?: UserRecord | null) {
  return trpc().createCallerFactory(routerOf(core))(contextOf(core, request, user));
}
