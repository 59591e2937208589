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

export const procedure = t.procedure;
export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
/** Root types of the teamchat router. */
export type RootTypes = (typeof t)['_config']['$types'];
