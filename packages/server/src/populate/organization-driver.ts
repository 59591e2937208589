import {
  endpoints,
  isApiError,
  type EndpointInput,
  type EndpointName,
  type EndpointResult,
  type Endpoints,
} from '@teamchat/schema';
import type { Core, Db, RequestInfo } from '../core/index.js';
import type { Store } from '../store/store.js';

/**
 * Calls the API in-process as a given user: the parameters go through the contract's schema
 * (the validation the wire decoding does) and then through the core exactly as a REST request
 * would (permissions, rules, transactions, events), without HTTP. What the populate and the
 * server's `--simulate` drive the core with.
 */
export class OrganizationDriver {
  private readonly request: RequestInfo;

  constructor(
    readonly core: Core,
    readonly store: Store<Db>,
    userAgent: string,
  ) {
    this.request = { authorization: null, userAgent };
  }

  /** Calls `name` as the user `userId` (an active account), or anonymously for null. */
  async call<N extends EndpointName>(
    userId: number | null,
    name: N,
    input: EndpointInput<Endpoints[N]>,
  ): Promise<EndpointResult<Endpoints[N]>> {
    const endpoint = endpoints[name];
    const params = endpoint.params.parse(input);
    const user = userId === null ? null : this.store.get('users', userId);
    if (user === undefined) throw new Error(`[teamchat-server] no user ${String(userId)} to call ${name} as`);
    return (await this.core.run(endpoint, params, { request: this.request, user })) as EndpointResult<Endpoints[N]>;
  }

  /** Like {@link call}, but an API error (a rule the generated action broke) is returned as null. */
  async attempt<N extends EndpointName>(
    userId: number,
    name: N,
    input: EndpointInput<Endpoints[N]>,
  ): Promise<EndpointResult<Endpoints[N]> | null> {
    try {
      return await this.call(userId, name, input);
    } catch (error) {
      if (isApiError(error)) return null;
      throw error;
    }
  }
}
