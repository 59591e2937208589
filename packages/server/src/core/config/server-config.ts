import { FEATURE_LEVEL } from '@teamchat/schema';
import type { RateLimitRules } from './rate-limit-rules.js';

/**
 * Settings of a server instance (not of the organization, which lives in the store). Change
 * them while the server runs with `Core.configure`, never by assigning to the object: answers
 * made with the settings before are kept until then.
 */
export interface ServerConfig {
  /** The organization's URL, e.g. `http://127.0.0.1:9991`; its host makes dummy emails. */
  realmUrl: string;
  /**
   * The feature level the server answers as (`--feature-level`): {@link FEATURE_LEVEL}, or an
   * older one from `OLDEST_FEATURE_LEVEL` on, for testing clients against older servers.
   */
  featureLevel: number;
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
  /** Lifetime of a web session from its login, in seconds (the real `SESSION_COOKIE_AGE`: two weeks). */
  sessionLifetimeSecs: number;
  /** Entries the request journal keeps (the inspector's; `--journal-size`); 0 records nothing. */
  journalSize: number;
  /** Record the journal all the time (the mock), not only while an administrator's web session is live. */
  journalAlways: boolean;
}

/** Defaults of {@link ServerConfig}. */
export const defaultServerConfig: ServerConfig = {
  realmUrl: 'http://127.0.0.1:9991',
  featureLevel: FEATURE_LEVEL,
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
  sessionLifetimeSecs: 14 * 24 * 60 * 60,
  journalSize: 1000,
  journalAlways: false,
};

/** The password policy of a development server (the real `dev_settings.py`: no minimum). */
export const DEV_PASSWORD_POLICY = { passwordMinLength: 0, passwordMinGuesses: 0 } as const;
