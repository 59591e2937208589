import type { TRPCBuiltRouter, TRPCMutationProcedure, TRPCQueryProcedure } from '@trpc/server';
import type { Endpoint, EndpointName, Endpoints } from '@teamchat/schema';
import type { z } from 'zod';
import { trpc, type ProcedureMeta, type RootTypes, type TrpcContext } from './trpc.js';

type AreaOf<N> = N extends `${infer A}.${string}` ? A : never;
type OpOf<N> = N extends `${string}.${infer O}` ? O : never;

type ProcedureFor<E extends Endpoint> = E['method'] extends 'GET'
  ? TRPCQueryProcedure<{ input: z.input<E['params']>; output: z.output<E['response']>; meta: ProcedureMeta }>
  : TRPCMutationProcedure<{ input: z.input<E['params']>; output: z.output<E['response']>; meta: ProcedureMeta }>;

/** The router's shape for a set of endpoint names: `{ area: { op: procedure } }` (nested routers are plain records in tRPC's types). */
export type RouterRecordFor<N extends EndpointName> = {
  [A in AreaOf<N>]: { [K in N as AreaOf<K> extends A ? OpOf<K> : never]: ProcedureFor<Endpoints[K]> };
};

/** The tRPC router of a set of endpoint names. */
export type RouterFor<N extends EndpointName> = TRPCBuiltRouter<RootTypes, RouterRecordFor<N>>;

/**
 * The dispatch's `admit` step before the input is parsed, as REST checks credentials before it
 * reads the body: a call without credentials gets the same 401 either way.
 */
function admission() {
  return trpc().middleware(({ ctx, meta, next }) => {
    if (ctx.user !== undefined || !meta) return next();
    return next({ ctx: { user: ctx.core.admit(meta.endpoint, ctx.request) } });
  });
}

/**
 * Builds the tRPC router of `contracts`: one procedure per contract, nested by area, each
 * running the contract's handler through the context's core.
 */
export function buildRouter<N extends EndpointName>(contracts: Iterable<Endpoint>): RouterFor<N> {
  const { procedure, router } = trpc();
  const admitted = admission();
  const areas = new Map<string, Record<string, unknown>>();
  for (const endpoint of contracts) {
    const [area, op] = endpoint.name.split('.') as [string, string];
    const built = procedure.meta({ endpoint }).use(admitted).input(endpoint.params).output(endpoint.response);
    // tRPC validates input and output itself; the run is the same as the REST handler's.
    const resolve = ({ input, ctx }: { input: unknown; ctx: TrpcContext }) =>
      ctx.core.run(endpoint, input, { request: ctx.request, user: ctx.user, validateResponse: false });
    const record = areas.get(area) ?? {};
    record[op] = endpoint.method === 'GET' ? built.query(resolve) : built.mutation(resolve);
    areas.set(area, record);
  }
  const record = Object.fromEntries([...areas].map(([area, procedures]) => [area, router(procedures as never)]));
  return router(record as never) as unknown as RouterFor<N>;
}
