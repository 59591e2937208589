import type { Endpoint, EndpointName, EndpointParams, Endpoints } from '@teamchat/schema';
import type { UserRecord } from '../model/records/users.js';
import type { ModelContext } from '../model/model-context.js';
import type { EventQueues } from './event-queues.js';
import type { Journal } from './journal.js';
import type { Logger } from './logger.js';
import type { PortName, Ports } from './ports.js';
import type { RateLimitStatus } from './rate-limiter.js';

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
  /**
   * How a web-app request (`/json/…`) is authenticated: its live session, or null when it has
   * none (then only public endpoints, and `optional` ones anonymously, answer). Undefined for
   * the API, authenticated by `authorization`.
   */
  session?: RequestSession | null | undefined;
  /** The journal id of the request, when the journal records it: what its effects name as their cause. */
  journalId?: number | undefined;
  /** Set by the core: the authenticated caller's ID (null: anonymous), for the journal. */
  callerId?: number | null | undefined;
  /**
   * Set by the core when the operation read a clock (`now`, `monotonic`): its answer may
   * change with time alone, so the transport does not keep it (see `HandlerOptions.keptAnswer`).
   */
  clockRead?: boolean | undefined;
}

/** The web session a request came with (see `findSession`). */
export interface RequestSession {
  /** The session record's ID (the digest of its key). */
  id: string;
  userId: number;
}

/**
 * What every operation gets (DESIGN.md: "a context"): the store view (`db`, the request's
 * transaction, and `indexes`), the caller, the organization, the clocks (`now`, `monotonic`),
 * the event queues, the server's settings, its random source and log, and what the transport
 * knows of the request, the journal. Services beyond it are ports (`runtime/ports.ts`) an area declares.
 */
interface BaseContext extends ModelContext {
  /** The authenticated caller; null only for `public` and anonymous `optional` endpoints. */
  user: UserRecord | null;
  /**
   * Milliseconds on a clock that only moves with elapsed time (not with the wall clock `now`):
   * for durations inside this process, such as a request's time budget.
   */
  monotonic: () => number;
  events: EventQueues;
  log: Logger;
  /**
   * What happened, for the inspector and the mock (requests, events, emails, jobs): like the
   * log, an operation records into it (an email sent) and changes nothing by doing so.
   */
  journal: Journal;
  request: RequestInfo;
  endpoint: Endpoint;
}

/**
 * The context of an operation, with the ports `P` its area declares: `Context` has none,
 * `Context<'files' | 'store'>` has `ctx.files` and `ctx.store`.
 */
export type Context<P extends PortName = never> = BaseContext & Pick<Ports, P>;

/** A context whose caller is authenticated, with the ports `P`. */
export type UserContext<P extends PortName = never> = Context<P> & { user: UserRecord };

/** The context of an operation: with a caller unless its contract admits anonymous calls; with the ports `P`. */
export type OperationContext<E extends Endpoint, P extends PortName = never> = E['access'] extends 'public' | 'optional'
  ? Context<P>
  : UserContext<P>;

/** The decoded parameters of the contract named `N`: what a domain operation behind it takes. */
export type OperationParams<N extends EndpointName> = EndpointParams<Endpoints[N]>;
