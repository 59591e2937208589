import type { Endpoint, EndpointName, EndpointParams, Endpoints } from '@teamchat/schema';
import type { AttachmentIndex } from './attachment-index.js';
import type { FileStore } from './file-store.js';
import type { RandomBytes } from '../internal/random.js';
import type { DbStore, DbTx, RealmRecord, UserRecord } from './db.js';
import type { MessageRecord } from './message-record.js';
import type { EventQueues } from './event-queues.js';
import type { Indexes } from './indexes.js';
import type { RateLimiter, RateLimitRules, RateLimitStatus } from './rate-limiter.js';
import type { UploadSlots } from './upload-slots.js';

/** Where log lines go; credentials never reach it. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** A logger that drops everything (tests, the mock). */
export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

/** Settings of a server instance (not of the organization, which lives in the store). */
export interface ServerConfig {
  /** The organization's URL, e.g. `http://127.0.0.1:9991`; its host makes dummy emails. */
  realmUrl: string;
  /** GET /events answers a heartbeat after this long without events. */
  heartbeatMs: number;
  /** Lifetime of an event queue without polls, in seconds. */
  queueLifespanSecs: number;
  /** Server setting WEB_PUBLIC_STREAMS_ENABLED. */
  webPublicStreamsEnabled: boolean;
  /** Whether password login (POST /fetch_api_key) is enabled. */
  passwordAuthEnabled: boolean;
  /** Time budget of one POST /streams/{id}/delete_topic request, in milliseconds. */
  deleteTopicBudgetMs: number;
  /** Messages deleted per transaction by POST /streams/{id}/delete_topic. */
  deleteTopicBatchSize: number;
  /** Time budget of one POST /mark_all_as_read request, in milliseconds. */
  markAllAsReadBudgetMs: number;
  /** Messages marked read per transaction (and per `update_message_flags` event) by the mark-as-read endpoints. */
  markReadBatchSize: number;
  /**
   * Check every REST response against its contract (a wrong one is a logged 500). On in tests
   * and the mock; off by default in the server, where it costs throughput.
   */
  validateResponses: boolean;
  /** Largest file POST /user_uploads accepts, in MiB (`max_file_upload_size_mib`). */
  maxFileUploadSizeMib: number;
  /** Uploads linked from no message are deleted this many weeks after their upload. */
  unclaimedAttachmentWeeks: number;
  /** Domain of bot addresses when the organization's host makes no valid address (`FAKE_EMAIL_DOMAIN`). */
  fakeEmailDomain: string;
  /** Characters of keys and values one user may keep in bot storage (`USER_STATE_SIZE_LIMIT`). */
  botStorageLimit: number;
  /** Outgoing-webhook request timeout (`OUTGOING_WEBHOOK_TIMEOUT_SECONDS`). */
  outgoingWebhookTimeoutSecs: number;
  /** Retries of a delivery that timed out or could not connect (`MAX_REQUEST_RETRIES`). */
  outgoingWebhookMaxRetries: number;
  /** Wait before each retry (the real server retries at once: 0). */
  outgoingWebhookRetryDelaySecs: number;
  /** Finished outbox jobs kept for operators (recent deliveries); older ones are dropped. */
  outboxHistory: number;
  /** Emails kept in the email outbox (`emails`); older ones are dropped. */
  emailHistory: number;
  /**
   * Serve the email outbox at `GET /dev/emails` (`teamchat-server --show-emails`): off by
   * default, since it shows every invitation and confirmation link to whoever asks.
   */
  showEmails: boolean;
  /** The push bouncer's URL (`PUSH_NOTIFICATION_BOUNCER_URL`); null: push is not configured. */
  pushBouncerUrl: string | null;
  /** Timeout of requests to the push bouncer. */
  pushBouncerTimeoutSecs: number;
  /**
   * Rate limits (`RATE_LIMIT_HIT`, HTTP 429, on the server's clock), or null for none. Off by
   * default in the core and the mock (turn them on with `defaultRateLimits` to test a client's
   * 429 handling); the binary turns them on unless `--rate-limit off`.
   */
  rateLimits: RateLimitRules | null;
  /** Event queues one user may have; registering one more garbage-collects the one polled longest ago. */
  maxQueuesPerUser: number;
  /** Undelivered events one queue may hold; past it the queue is garbage-collected (its client re-registers). */
  maxQueuedEvents: number;
  /** GET /events requests one user may have waiting at once; more are refused with `RATE_LIMIT_HIT`. */
  maxLongPollsPerUser: number;
  /** Uploads being received at once, server-wide; more are refused with `RATE_LIMIT_HIT`. */
  maxConcurrentUploads: number;
  /** Uploads one user may have in progress at once; more are refused with `RATE_LIMIT_HIT`. */
  maxConcurrentUploadsPerUser: number;
  /** Total size of the organization's uploaded files, in MiB, or null for no quota (`REALM_UPLOAD_QUOTA`). */
  uploadQuotaMib: number | null;
  /** tRPC's development mode: error stacks in `/trpc` answers. Never on unless asked (it shows server paths). */
  trpcDevelopmentMode: boolean;
  /**
   * A development server (`teamchat-server --dev`): POST /dev_fetch_api_key answers, and the
   * password policy is a development server's (none) unless set.
   */
  devMode: boolean;
  /** Shortest password accepted (the real server's `PASSWORD_MIN_LENGTH`; 6, 0 on a development server). */
  passwordMinLength: number;
  /** Fewest zxcvbn guesses a password must need (`PASSWORD_MIN_GUESSES`; 10 000, 0 on a development server). */
  passwordMinGuesses: number;
  /** The BigBlueButton server's API base (`BIG_BLUE_BUTTON_URL`, ending in `/`), or null: none configured. */
  bigBlueButtonUrl: string | null;
  /** Its shared secret (`BIG_BLUE_BUTTON_SECRET`), or null. */
  bigBlueButtonSecret: string | null;
}

/** Defaults of {@link ServerConfig}. */
export const defaultServerConfig: ServerConfig = {
  realmUrl: 'http://127.0.0.1:9991',
  heartbeatMs: 50_000,
  queueLifespanSecs: 600,
  webPublicStreamsEnabled: true,
  passwordAuthEnabled: true,
  deleteTopicBudgetMs: 50_000,
  deleteTopicBatchSize: 1000,
  // The real server's `do_mark_all_as_read(timeout=50)` and its batches of 1000.
  markAllAsReadBudgetMs: 50_000,
  markReadBatchSize: 1000,
  validateResponses: false,
  maxFileUploadSizeMib: 25,
  // The real server's `delete_old_unclaimed_attachments` default.
  unclaimedAttachmentWeeks: 5,
  fakeEmailDomain: 'teamchat.example',
  botStorageLimit: 10_000_000,
  outgoingWebhookTimeoutSecs: 10,
  outgoingWebhookMaxRetries: 3,
  outgoingWebhookRetryDelaySecs: 0,
  outboxHistory: 1000,
  emailHistory: 1000,
  showEmails: false,
  pushBouncerUrl: null,
  pushBouncerTimeoutSecs: 30,
  rateLimits: null,
  maxQueuesPerUser: 50,
  maxQueuedEvents: 10_000,
  maxLongPollsPerUser: 20,
  maxConcurrentUploads: 4,
  maxConcurrentUploadsPerUser: 2,
  uploadQuotaMib: null,
  trpcDevelopmentMode: false,
  devMode: false,
  passwordMinLength: 6,
  passwordMinGuesses: 10_000,
  bigBlueButtonUrl: null,
  bigBlueButtonSecret: null,
};

/** The password policy of a development server (the real `dev_settings.py`: no minimum). */
export const DEV_PASSWORD_POLICY = { passwordMinLength: 0, passwordMinGuesses: 0 } as const;

/** A request the server sends to another server (an outgoing webhook, the push bouncer). */
export interface OutboundRequest {
  url: string;
  method: 'POST' | 'GET';
  headers: Record<string, string>;
  body: string;
  /** Give up waiting for an answer after this long. */
  timeoutMs: number;
}

/**
 * What came of an {@link OutboundRequest}: an answer (any status), a timeout, a failed
 * connection (refused, reset, unknown host), or another error (a URL that cannot be used).
 */
export type OutboundResult =
  | { kind: 'response'; status: number; body: string }
  | { kind: 'timeout' }
  | { kind: 'connection-error'; message: string }
  | { kind: 'error'; name: string; message: string };

/**
 * The port through which the core sends HTTP requests: node:http in the server
 * (`src/node/http-sender.ts`), fetch in the mock. The core decides what to send; the sender
 * only carries it.
 */
export type HttpSender = (request: OutboundRequest) => Promise<OutboundResult>;

/** A message just stored, as the domains that react to messages see it. */
export interface SentMessage {
  message: MessageRecord;
  sender: UserRecord;
  /** Users mentioned by name, non-silently (not through groups or wildcards). */
  mentionedUserIds: ReadonlySet<number>;
}

/** What a hook may use: the transaction that stores the message, and the services. */
export type HookContext = Pick<Context, 'db' | 'indexes' | 'realm' | 'config' | 'now' | 'events' | 'jobs' | 'log'>;

/**
 * What other domains do inside the transactions of the messages domain (the outbox of
 * outgoing webhooks and push notifications): registered by the core's assembly, so the
 * messages domain imports none of them.
 */
export interface MessageHooks {
  /** A message was stored (sent by anyone: users, bots, the server's notices). */
  sent: ((ctx: HookContext, sent: SentMessage) => void)[];
  /** `userId` marked `messageIds` read. */
  read: ((ctx: HookContext, userId: number, messageIds: readonly number[]) => void)[];
  /**
   * `viewerIds` gained sight of `user` (restricted user access, as they joined a channel):
   * `realm_user add` with the user as each viewer may see it, made by the users domain.
   */
  userSighted: ((ctx: Pick<Context, 'db' | 'events'> & Partial<Pick<Context, 'config'>>, user: UserRecord, viewerIds: readonly number[]) => void)[];
}

/** The outbox runner: runs due jobs after commits, on the server's clock. */
export interface JobQueue {
  /** Looks for due jobs and starts them (after the commit that enqueued them, and with due jobs). */
  kick(): void;
  /** Resolves once no job is running or due (tests wait on it instead of sleeping). */
  idle(): Promise<void>;
}

/** What every request shares: the store, its indexes, the event queues, the clock. */
export interface Services {
  store: DbStore;
  indexes: Indexes;
  events: EventQueues;
  /** Request counts per user, address and username, for `config.rateLimits`. */
  rateLimiter: RateLimiter;
  /** Uploads being received, bounded by `config.maxConcurrentUploads` and `maxConcurrentUploadsPerUser`. */
  uploadSlots: UploadSlots;
  config: ServerConfig;
  /**
   * Milliseconds since the epoch (the wall clock): for the times users see and that outlive the
   * process (message timestamps, scheduled deliveries, expiry dates). With {@link monotonic},
   * the only clocks domain code may use.
   */
  now: () => number;
  /**
   * Milliseconds on a clock that only moves with elapsed time: a wall clock set back an hour or
   * forward a day does not move it. For durations inside this process: rate-limit windows,
   * event-queue lifetimes, retry delays, time budgets. Its values mean nothing outside it.
   */
  monotonic: () => number;
  random: RandomBytes;
  log: Logger;
  /** The bytes of uploaded files (the records are in `store`). */
  files: FileStore;
  attachmentIndex: AttachmentIndex;
  /**
   * Runs the jobs due on the server's clock (the clean-up of unused uploads): every API call
   * runs it first (see `runHandler`), so do file downloads, and an idle server from a timer.
   * Cheap when nothing is due, and then synchronous: it answers null rather than a promise
   * (a request need not wait a turn for nothing). Never throws.
   */
  runDueJobs: () => Promise<void> | null;
  /** Sends the outbox's requests (outgoing webhooks, the push bouncer). */
  outbound: HttpSender;
  hooks: MessageHooks;
  jobs: JobQueue;
}

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
export interface Context extends Services {
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
