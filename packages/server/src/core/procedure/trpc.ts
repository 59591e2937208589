import { initTRPC, TRPCError } from '@trpc/server';
import { ApiError, validationError, type Endpoint } from '@teamchat/schema';
import { z } from 'zod';
import type { Context, RequestInfo, Services } from '../model/context.js';

/** Procedure metadata: the contract the procedure implements. */
export interface ProcedureMeta {
  endpoint: Endpoint;
}

/** The tRPC context: the shared services and the request. */
export interface BaseContext {
  services: Services;
  request: RequestInfo;
  /** Set when the caller is already known (server-side callers in tests). */
  user?: Context['user'] | undefined;
}

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

function createTrpc() {
  return initTRPC
    .context<BaseContext>()
    .meta<ProcedureMeta>()
    .create({
      // The core is a server wherever it runs: the mock runs it in a browser page, where tRPC
      // would otherwise refuse to start ("non-server environment").
      allowOutsideOfServer: true,
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
}

type Trpc = ReturnType<typeof createTrpc>;
let instance: Trpc | undefined;

/**
 * tRPC, initialised on first use (the first request to `/trpc`, or a caller in a test), never
 * when the module loads: importing the core (the mock does, in a browser too) starts nothing.
 */
export function trpc(): Trpc {
  instance ??= createTrpc();
  return instance;
}

/** Root types of the teamchat router. */
export type RootTypes = Trpc['_config']['$types'];
