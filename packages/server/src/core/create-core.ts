import { createScheduledDelivery } from './scheduled-messages/deliver-scheduled.js';
import { checkFeatureLevel, type Endpoint } from '@teamchat/schema';
import { createMemoryFileStore, type FileStore } from './runtime/file-store.js';
import { createUnclaimedSweep } from './attachments/sweep-unclaimed.js';
import { secureRandomBytes, type RandomBytes } from './internal/random.js';
import { defaultServerConfig, type ServerConfig } from './config/server-config.js';
import { changeConfig } from './config/config-changes.js';
import { silentLogger, type Logger } from './runtime/logger.js';
import type { HttpSender } from './runtime/outbound.js';
import type { RequestInfo } from './runtime/context.js';
import type { Services } from './runtime/services.js';
import { runRealmExport } from './exports/realm-exports.js';
import { createJobQueue } from './outbox/job-queue.js';
import {
  notifyMessageRecipients,
  removeReadNotifications,
  sendPushNotification,
} from './push/message-notifications.js';
import { registerWithBouncer } from './push/register-push-device.js';
import { deliverWebhook } from './outgoing-webhooks/deliver-webhook.js';
import { triggerOutgoingWebhooks } from './outgoing-webhooks/trigger-webhooks.js';
import type { DbStore } from './model/db.js';
import type { UserRecord } from './model/records/users.js';
import { EventQueues } from './runtime/event-queues.js';
import { RateLimiter } from './runtime/rate-limiter.js';
import { UploadSlots } from './runtime/upload-slots.js';
import { Journal } from './runtime/journal.js';
import type { ContractHandler } from './dispatch/handler.js';
import { admit, runHandler } from './dispatch/run-handler.js';
import { limitRequest } from './auth/rate-limits.js';
import { contractHandlers } from './handlers/index.js';
import { pages } from './pages/index.js';
import { createIndexes } from './model/indexes.js';
import { createOperator, type OperatorAnswer, type OperatorRequest } from './operator/operator-actions.js';

/** The sender of a core built without one: nothing leaves the process. */
const noOutbound: HttpSender = async () => ({
  kind: 'connection-error',
  message: 'this server sends no HTTP requests (no sender configured)',
});

/** Options of {@link createCore}. */
export interface CoreOptions {
  store: DbStore;
  config?: Partial<ServerConfig>;
  /** Wall clock in milliseconds since the epoch; tests and the mock control time through it. */
  now?: () => number;
  /**
   * Monotonic clock in milliseconds (default `performance.now()`): moves only with elapsed time,
   * never set back or forward with the wall clock. Durations run on it (see `Services.monotonic`).
   */
  monotonic?: () => number;
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

/** How {@link Core.run} runs a handler. */
export interface RunRequest {
  request: RequestInfo;
  /** The caller when the transport already admitted the request (`admit`); otherwise `run` admits it. */
  user?: UserRecord | null | undefined;
  /** Check the result against the contract's response schema (default `config.validateResponses`; tRPC checks its own output). */
  validateResponse?: boolean;
}

/**
 * The platform-neutral server: services, and the dispatch of a request to the handler of its
 * contract (admit, decode, run), for the transports above it (REST in `src/rest`, tRPC in
 * `src/trpc`).
 */
export interface Core {
  services: Services;
  /** The incoming contracts by name, each with its handler: what the transports route. */
  endpoints: ReadonlyMap<string, Endpoint>;
  /**
   * The dispatch's `admit` step on its own, for a transport that admits before it decodes
   * (tRPC): authenticates the caller for the contract's access rule, counts the rate limits.
   */
  admit(contract: Endpoint, request: RequestInfo): UserRecord | null;
  /** Runs the handler of `contract` (an API contract or a page) on decoded params, admitting the caller first unless given. */
  run(contract: Endpoint, params: unknown, options: RunRequest): Promise<unknown>;
  /**
   * Serves a transport's request for `contract` (an API contract or a page): admits the
   * caller from `request`, then decodes the parameters with `readParams` (so bad credentials
   * are answered before a body is read), then runs the handler.
   */
  serve(contract: Endpoint, request: RequestInfo, readParams: () => Promise<unknown>): Promise<unknown>;
  /**
   * Whether the handler of `contract` answers from the store, the settings, the caller and the
   * request's URL alone (`HandlerOptions.keptAnswer`): a transport may keep its answer while
   * the store's `version` and the settings are unchanged and the operation read no clock.
   */
  keepsAnswer(contract: Endpoint): boolean;
  /**
   * Counts a request answered from a kept answer against the rate limits, as `admit` would
   * (its caller `userId`, or null: anonymous): records the status in `request.rateLimit`,
   * throws `RATE_LIMIT_HIT` past the limit.
   */
  countRequest(request: RequestInfo, userId: number | null): void;
  /**
   * Changes settings while the server runs (the mock's `configure`): assigned to
   * `services.config`, and noticed by what keeps answers made with the settings before.
   */
  configure(changes: Partial<ServerConfig>): void;
  /**
   * Runs what an operator asks (`teamchat-server deactivate-organization`, `change-user-role`,
   * …), as one transaction: the binary's commands reach it over the running server's control
   * channel, or open the store themselves when no server runs.
   */
  operator(request: OperatorRequest): Promise<OperatorAnswer>;
}

/**
 * Builds the server core over `store`: indexes, event queues, and the handler of every
 * incoming contract. No `node:` module is involved, so the same core runs in the reference
 * server and inside the MSW mock.
 */
export function createCore(options: CoreOptions): Core {
  const config: ServerConfig = { ...defaultServerConfig, ...options.config };
  checkFeatureLevel(config.featureLevel);
  const now = options.now ?? (() => Date.now());
  const monotonic = options.monotonic ?? (() => performance.now());
  const journal = new Journal({ capacity: config.journalSize, always: config.journalAlways, now, monotonic });
  const services: Services = {
    store: options.store,
    indexes: createIndexes(options.store),
    events: new EventQueues({ now, monotonic, config, journal }),
    rateLimiter: new RateLimiter(now, monotonic),
    uploadSlots: new UploadSlots(config),
    config,
    now,
    monotonic,
    random: options.random ?? secureRandomBytes,
    log: options.log ?? silentLogger,
    files: options.files ?? createMemoryFileStore(),
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
  services.jobs = createJobQueue(services, {
    outgoing_webhook: deliverWebhook,
    push_register: registerWithBouncer,
    push_notify: sendPushNotification,
    realm_export: runRealmExport,
  });
  options.store.reportError = (error) =>
    services.log.error('error after a durable write (event delivery)', {
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  const byName = new Map<string, ContractHandler>(
    [...contractHandlers, ...pages].map((handler) => [handler.contract.name, handler]),
  );
  const handlerOf = (contract: Endpoint): ContractHandler => {
    const handler = byName.get(contract.name);
    if (!handler)
      throw new Error(`[teamchat-server] no handler for ${contract.name}: only the server's own contracts are routed`);
    return handler;
  };
  const endpoints = new Map<string, Endpoint>(contractHandlers.map(({ contract }) => [contract.name, contract]));
  return {
    services,
    endpoints,
    admit: (contract, request) => admit(services, contract, request),
    run(contract, params, { request, user, validateResponse = config.validateResponses }) {
      return runHandler(services, handlerOf(contract), params, {
        request,
        ...(user === undefined ? {} : { user }),
        validateResponse,
      });
    },
    serve(contract, request, readParams) {
      return runHandler(services, handlerOf(contract), undefined, {
        request,
        readParams,
        validateResponse: config.validateResponses,
      });
    },
    keepsAnswer: (contract) => byName.get(contract.name)?.keptAnswer === true,
    countRequest(request, userId) {
      limitRequest(services, request, userId === null ? null : (services.store.get('users', userId) ?? null));
    },
    configure: (changes) => changeConfig(config, changes),
    operator: createOperator(services),
  };
}
