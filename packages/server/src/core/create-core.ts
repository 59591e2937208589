import { createScheduledDelivery } from './scheduled-messages/deliver-scheduled.js';
import type { Endpoint } from '@teamchat/schema';
import { createAttachmentIndex } from './model/attachment-index.js';
import { createMemoryFileStore, type FileStore } from './model/file-store.js';
import { createUnclaimedSweep } from './attachments/sweep-unclaimed.js';
import { secureRandomBytes, type RandomBytes } from './internal/random.js';
import { defaultServerConfig, silentLogger, type HttpSender, type Logger, type RequestInfo, type ServerConfig, type Services } from './model/context.js';
import { runRealmExport } from './seed/realm-exports.js';
import { createJobQueue } from './outbox/job-queue.js';
import { notifyMessageRecipients, removeReadNotifications, sendPushNotification } from './push/message-notifications.js';
import { registerWithBouncer } from './push/register-push-device.js';
import { deliverWebhook } from './webhooks/deliver-webhook.js';
import { triggerOutgoingWebhooks } from './webhooks/trigger-webhooks.js';
import type { DbStore, UserRecord } from './model/db.js';
import { EventQueues } from './model/event-queues.js';
import { Journal } from './model/journal.js';
import { RateLimiter } from './model/rate-limiter.js';
import { UploadSlots } from './model/upload-slots.js';
import type { Implementation } from './procedure/implement.js';
import { implementations, type ImplementedName } from './endpoints/index.js';
import { pages } from './pages/index.js';
import { runProcedure } from './procedure/run-procedure.js';
import { createIndexes } from './model/indexes.js';
import { buildRouter, type RouterFor } from './procedure/router.js';
import type { BaseContext } from './procedure/trpc.js';

/** The sender of a core built without one: nothing leaves the process. */
const noOutbound: HttpSender = async () => ({ kind: 'connection-error', message: 'this server sends no HTTP requests (no sender configured)' });

/** Options of {@link createCore}. */
export interface CoreOptions {
  store: DbStore;
  config?: Partial<ServerConfig>;
  /** Clock in milliseconds; tests and the mock control time through it. */
  now?: () => number;
  random?: RandomBytes;
  log?: Logger;
  /** Where uploaded files go (default: in memory; the server keeps them beside its data file). */
  files?: FileStore;
  /**
   * How the outbox sends HTTP requests (outgoing webhooks, the push bouncer): node:http in the
   * server, fetch in the mock. Without one, every request fails as a connection error.
   */
  outbound?: HttpSender;
}

/**
 * The router of the implemented endpoints. (A plain type reference, not
 * `ReturnType<typeof buildRouter<…>>`: the declaration bundler drops the type argument of an
 * instantiation expression, leaving `ImplementedName` undeclared in the shipped .d.ts.)
 */
export type AppRouter = RouterFor<ImplementedName>;

/** The platform-neutral server: services, the tRPC router, and a way to call a procedure. */
export interface Core {
  services: Services;
  /** The tRPC router, built (and tRPC initialised) on first use: `/trpc` requests, callers in tests. */
  readonly router: AppRouter;
  /** Implemented contracts by name. */
  endpoints: ReadonlyMap<string, Endpoint>;
  /** The tRPC context of a request (used by /trpc). */
  createContext(request: RequestInfo, user?: UserRecord | null): BaseContext;
  /**
   * Runs the implementation of `endpoint` with decoded params (what its tRPC procedure runs).
   * Pass `user` when the transport already authenticated the request.
   */
  call(endpoint: Endpoint, params: unknown, request: RequestInfo, user?: UserRecord | null): Promise<unknown>;
  /**
   * Runs the implementation of `endpoint` (an API contract or a page) for a transport:
   * authenticates the caller from `request` first, then reads the parameters with
   * `readParams` (so bad credentials are answered before a body is read).
   */
  serve(endpoint: Endpoint, request: RequestInfo, readParams: () => Promise<unknown>): Promise<unknown>;
}

/**
 * Builds the server core over `store`: indexes, event queues, the router of every
 * implemented contract. No `node:` module is involved, so the same core runs in the
 * reference server and inside the MSW mock.
 */
export function createCore(options: CoreOptions): Core {
  const config: ServerConfig = { ...defaultServerConfig, ...options.config };
  const now = options.now ?? (() => Date.now());
  const journal = new Journal({ capacity: config.journalSize, always: config.journalAlways, now });
  const services: Services = {
    store: options.store,
    indexes: createIndexes(options.store),
    events: new EventQueues({ now, config, journal }),
    rateLimiter: new RateLimiter(now),
    uploadSlots: new UploadSlots(config),
    config,
    now,
    random: options.random ?? secureRandomBytes,
    log: options.log ?? silentLogger,
    files: options.files ?? createMemoryFileStore(),
    attachmentIndex: createAttachmentIndex(options.store),
    runDueJobs: () => {
      const sweeping = sweepUnclaimed();
      if (sweeping) return sweeping.then(() => deliverScheduled()).then(() => services.jobs.kick());
      const delivering = deliverScheduled();
      if (delivering) return delivering.then(() => services.jobs.kick());
      services.jobs.kick();
      return null;
    },
    outbound: options.outbound ?? noOutbound,
    hooks: { sent: [triggerOutgoingWebhooks, notifyMessageRecipients], read: [removeReadNotifications] },
    jobs: { kick() {}, idle: async () => {}, added() {} },
    journal,
  };
  const sweepUnclaimed = createUnclaimedSweep(services);
  const deliverScheduled = createScheduledDelivery(services);
  services.jobs = createJobQueue(services, { outgoing_webhook: deliverWebhook, push_register: registerWithBouncer, push_notify: sendPushNotification, realm_export: runRealmExport });
  options.store.reportError = (error) =>
    services.log.error('error after a durable write (event delivery)', { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  let router: AppRouter | undefined;
  const byName = new Map<string, Implementation>([...implementations, ...pages].map((implementation) => [implementation.endpoint.name, implementation]));
  const implementationOf = (endpoint: Endpoint): Implementation => {
    const implementation = byName.get(endpoint.name);
    if (!implementation) throw new Error(`[teamchat-server] no handler for ${endpoint.name}: only implemented contracts are routed`);
    return implementation;
  };
  const endpoints = new Map<string, Endpoint>(implementations.map(({ endpoint }) => [endpoint.name, endpoint]));
  const createContext = (request: RequestInfo, user?: UserRecord | null): BaseContext =>
    user === undefined ? { services, request } : { services, request, user };
  return {
    services,
    get router() {
      router ??= buildRouter<ImplementedName>(implementations);
      return router;
    },
    endpoints,
    createContext,
    call(endpoint, params, request, user) {
      return runProcedure(services, implementationOf(endpoint), params, {
        request,
        ...(user === undefined ? {} : { user }),
        validateResponse: config.validateResponses,
      });
    },
    serve(endpoint, request, readParams) {
      return runProcedure(services, implementationOf(endpoint), undefined, { request, readParams, validateResponse: config.validateResponses });
    },
  };
}
