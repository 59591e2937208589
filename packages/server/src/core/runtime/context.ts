import type { Endpoint, EndpointName, EndpointParams, Endpoints } from '@teamchat/schema';
import type { DbTx, RealmRecord, UserRecord } from '../model/db.js';
import type { ModelContext } from '../model/model-context.js';
import type { RateLimitStatus } from './rate-limiter.js';
import type { Services } from './services.js';

/** What the transport knows about a request. */
export interface RequestInfo {
  /** The `Authorization` header, if any. */
  authorization: string | null;
  /** The `User-Agent` header; names the client (`client` of sent messages). */
  userAgent: string;
  signal?: AbortSignal | undefined;
  /** The client's network address, when the transport knows it (rate limits per address). */
  clientAddress?: string | undefined;
  /** Set by the core: the rate limit the request ran under, for the `X-RateLimit-*` headers. */
  rateLimit?: RateLimitStatus | undefined;
}

/** The context of an operation: services, the caller, the organization, and the request's writes. */
export interface Context extends Services, ModelContext {
  /** Reads and writes of this request (one transaction for mutations). */
  db: DbTx;
  /** The authenticated caller; null only for `public` and anonymous `optional` endpoints. */
  user: UserRecord | null;
  realm: RealmRecord;
  request: RequestInfo;
  endpoint: Endpoint;
}

/** A context whose caller is authenticated. */
export type UserContext = Context & { user: UserRecord };

/** The context of an operation: with a caller unless its contract admits anonymous calls. */
export type OperationContext<E extends Endpoint> = E['access'] extends 'public' | 'optional' ? Context : UserContext;

/** The decoded parameters of the contract named `N`: what a domain operation behind it takes. */
export type OperationParams<N extends EndpointName> = EndpointParams<Endpoints[N]>;
