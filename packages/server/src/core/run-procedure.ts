import type { Context, RequestInfo, Services } from './context.js';
import type { UserRecord } from './db.js';
import { authenticate } from './auth/authenticate.js';
import type { Implementation } from './implement.js';

/** A transaction that refuses writes: what queries and read-only mutations get as `db`. */
function readView(store: Services['store']): Context['db'] {
  const tx = store.begin();
  const refuse = () => {
    throw new Error('[teamchat-server] a read-only handler tried to write');
  };
  // Nothing to make durable: callbacks (event delivery) run at once.
  return Object.assign(tx, { put: refuse, patch: refuse, delete: refuse, onCommit: (callback: () => void) => callback() });
}

/** How one call runs. */
export interface RunOptions {
  request: RequestInfo;
  /** The caller when the transport already authenticated the request. */
  user?: UserRecord | null;
  /** Check the result against the contract's response schema (the tRPC path has its own check). */
  validateResponse: boolean;
}

/**
 * Runs one implementation: authenticates the caller for the contract's access rule (unless
 * the transport did), then calls the handler with its context — mutations as one store
 * transaction, answered once durable and undone on error; queries and read-only mutations on
 * a read view. Both the tRPC procedures and the REST handler call it, so they cannot differ.
 */
export async function runProcedure(services: Services, implementation: Implementation, params: unknown, options: RunOptions): Promise<unknown> {
  const { endpoint, handler } = implementation;
  const user = options.user !== undefined ? options.user : authenticate(services, endpoint.access, options.request.authorization);
  const realm = services.store.get('realm', 1);
  if (!realm) throw new Error('[teamchat-server] the store has no organization');
  const call = handler as (params: unknown, ctx: Context) => unknown;
  const run = (db: Context['db']) => call(params, { ...services, db, user, realm, request: options.request, endpoint });
  const { store } = services;
  const result = endpoint.method === 'GET' || implementation.options.readOnly ? await run(readView(store)) : await store.write(run);
  if (options.validateResponse) {
    const checked = endpoint.response.safeParse(result);
    if (!checked.success) {
      throw new Error(`[teamchat-server] ${endpoint.name} answered outside its contract: ${checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    }
  }
  return result;
}
