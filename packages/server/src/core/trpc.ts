import { initTRPC, TRPCError } from '@trpc/server';
import { ApiError, validationError, type Endpoint } from '@teamchat/schema';
import { z } from 'zod';

import { authenticate } from './auth/authenticate.js';
import type { Context } from './context.js';

/** Procedure metadata: the contract the procedure implements. */
export interface ProcedureMeta {
  endpoint: Endpoint;
  /** Mutations that write nothing run outside the write lock. */
  readOnly?: boolean;
}

/** The context a caller passes in; `db`, `user` and `realm` are filled in by middleware. */
export type BaseContext = Omit<Context, 'db' | 'user' | 'realm' | 'endpoint'> & {
  /** Set when the transport already authenticated the request (REST checks auth first). */
  user?: Context['user'];
};

/**
 * The `ApiError` behind any error: the error itself, the cause of a `TRPCError`, or a
 * validation error of tRPC's input parser. Anything else is unexpected (a 500).
 */
export function apiErrorOf(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error;
  if (error instanceof TRPCError) {
    if (error.cause instanceof ApiError) return error.cause;
    if (error.code === 'BAD_REQUEST' && error.cause instanceof z.ZodError) return validationError(error.cause.issues);
  }
  return null;
}

const t = initTRPC
  .context<BaseContext>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const apiError = apiErrorOf(error);
      return {
        ...shape,
        data: {
          ...shape.data,
          apiError: apiError ? apiError.toEnvelope() : null,
          httpStatus: apiError ? apiError.status : shape.data.httpStatus,
        },
      };
    },
  });

/** Resolves the caller (unless the transport did), checks the contract's access rule. */
const authed = t.middleware(({ ctx, meta, next }) => {
  const endpoint = meta?.endpoint;
  if (!endpoint) throw new Error('[teamchat-server] procedure without an endpoint');
  const user = ctx.user !== undefined ? ctx.user : authenticate(ctx, endpoint.access, ctx.request.authorization);
  const realm = ctx.store.get('realm', 1);
  if (!realm) throw new Error('[teamchat-server] the store has no organization');
  return next({ ctx: { user, realm, endpoint } });
});

/**
 * Runs mutations as one store transaction (answered once durable; undone on error) and
 * gives queries a read view.
 */
const transactional = t.middleware(async ({ ctx, type, meta, next }) => {
  if (type !== 'mutation' || meta?.readOnly) return next({ ctx: { db: readView(ctx.store) } });
  let outcome: Awaited<ReturnType<typeof next>> | undefined;
  try {
    await ctx.store.write(async (tx) => {
      outcome = await next({ ctx: { db: tx } });
      if (!outcome.ok) throw outcome.error;
    });
  } catch (error) {
    if (outcome && !outcome.ok) return outcome;
    throw error;
  }
  return outcome as NonNullable<typeof outcome>;
});

/** A transaction that refuses writes: what queries and read-only mutations get as `db`. */
function readView(store: BaseContext['store']): ReturnType<BaseContext['store']['begin']> {
  const tx = store.begin();
  const refuse = () => {
    throw new Error('[teamchat-server] a read-only handler tried to write');
  };
  // Nothing to make durable: callbacks (event delivery) run at once.
  return Object.assign(tx, { put: refuse, patch: refuse, delete: refuse, onCommit: (callback: () => void) => callback() });
}

/** The procedure every contract's procedure is built from. */
export const endpointProcedure = t.procedure.use(authed).use(transactional);
export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
/** Root types of the teamchat router. */
export type RootTypes = (typeof t)['_config']['$types'];
