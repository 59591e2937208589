import { initTRPC, TRPCError } from '@trpc/server';
import { ApiError, validationError, type Endpoint } from '@teamchat/schema';
import { z } from 'zod';
import type { Core, RequestInfo, UserRecord } from '../core/index.js';

/** Procedure metadata: the contract the procedure serves. */
export interface ProcedureMeta {
  endpoint: Endpoint;
}

/** The tRPC context: the core that runs the handlers, and the request. */
export interface TrpcContext {
  core: Pick<Core, 'services' | 'admit' | 'run'>;
  request: RequestInfo;
  /** Set when the caller is already known (admitted before the input is parsed, or a server-side caller in a test). */
  user?: UserRecord | null | undefined;
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

type TrpcCode = TRPCError['code'];

/** The tRPC error code of each HTTP status an `ApiError` can have. */
const TRPC_CODES: Readonly<Record<number, TrpcCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'TOO_MANY_REQUESTS',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
};

/** The `TRPCError` an `ApiError` is answered as over tRPC: its code by HTTP status, its `msg` as message. */
function trpcErrorOf(apiError: ApiError): TRPCError {
  const code = TRPC_CODES[apiError.status] ?? (apiError.status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST');
  return new TRPCError({ code, message: apiError.msg, cause: apiError });
}

/** What an unexpected error says over tRPC: the REST answer to one, nothing of the error itself. */
const INTERNAL_ERROR = { result: 'error', msg: 'Internal server error' } as const;

function initialise() {
  return initTRPC
    .context<TrpcContext>()
    .meta<ProcedureMeta>()
    .create({
      // The core is a server wherever it runs: the mock runs it in a browser page, where tRPC
      // would otherwise refuse to start ("non-server environment").
      allowOutsideOfServer: true,
      // Never tRPC's development mode (stacks in every error) by default: `trpcDevelopmentMode`
      // in the server config turns stacks on, per request.
      isDev: false,
      errorFormatter({ shape, error, ctx }) {
        const apiError = apiErrorOf(error);
        const unexpected = !apiError && error.code === 'INTERNAL_SERVER_ERROR';
        const envelope = apiError
          ? apiError.toEnvelope()
          : unexpected
            ? INTERNAL_ERROR
            : { result: 'error', msg: shape.message, code: 'BAD_REQUEST' };
        const stack = ctx?.core.services.config.trpcDevelopmentMode && error.stack ? { stack: error.stack } : {};
        return {
          ...shape,
          message: envelope.msg,
          data: {
            code: shape.data.code,
            httpStatus: apiError ? apiError.status : shape.data.httpStatus,
            path: shape.data.path,
            /** The REST error envelope: `{ result, msg, code, ...extra }`. */
            apiError: envelope,
            ...stack,
          },
        };
      },
    });
}

/**
 * The error REST answers for the same parameters: the first parameter (in the contract's order)
 * that is missing (`REQUEST_VARIABLE_MISSING`) or invalid (with its declared message), then any
 * other issue.
 */
function inputError(endpoint: Endpoint, issues: readonly z.core.$ZodIssue[], rawInput: unknown): ApiError {
  const shape = endpoint.params.shape as Record<string, z.ZodType>;
  const values = (rawInput !== null && typeof rawInput === 'object' ? rawInput : {}) as Record<string, unknown>;
  for (const [name, schema] of Object.entries(shape)) {
    if (values[name] === undefined && !schema.safeParse(undefined).success) {
      return new ApiError('REQUEST_VARIABLE_MISSING', `Missing '${name}' argument`, { extra: { var_name: name } });
    }
    const issue = issues.find((i) => i.path[0] === name);
    if (issue) return validationError([issue], shape, values);
  }
  return validationError(issues, shape, values);
}

/**
 * Answers every `ApiError` thrown below (admission, input, the operation) with the tRPC code of
 * its HTTP status: 400 `BAD_REQUEST`, 401 `UNAUTHORIZED`, 403 `FORBIDDEN`, 404 `NOT_FOUND`,
 * 409 `CONFLICT`, 429 `TOO_MANY_REQUESTS`, …; the envelope goes in `data.apiError`. Input
 * errors get the message REST gives.
 */
function apiErrorsOf(t: TrpcRoot) {
  return t.middleware(async ({ next, meta, getRawInput }) => {
    const result = await next();
    if (!result.ok) {
      const { error } = result;
      if (meta && error.code === 'BAD_REQUEST' && error.cause instanceof z.ZodError) {
        throw trpcErrorOf(inputError(meta.endpoint, error.cause.issues, await getRawInput().catch(() => undefined)));
      }
      const apiError = apiErrorOf(error);
      if (apiError) throw trpcErrorOf(apiError);
    }
    return result;
  });
}

type TrpcRoot = ReturnType<typeof initialise>;

function createTrpc() {
  const t = initialise();
  return {
    procedure: t.procedure.use(apiErrorsOf(t)),
    middleware: t.middleware,
    router: t.router,
    createCallerFactory: t.createCallerFactory,
  };
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
export type RootTypes = TrpcRoot['_config']['$types'];
