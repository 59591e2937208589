import { checkFeatureLevel, FEATURE_LEVEL, OLDEST_FEATURE_LEVEL } from '@teamchat/schema';
import { parseTrafficRates } from '@teamchat/traffic';
import {
  defaultRateLimits,
  defaultServerConfig,
  DEV_PASSWORD_POLICY,
  type RateLimitRules,
  type ServerConfig,
} from '../core/index.js';
import { messagesOf, type PopulateSize } from '../populate/populate-organization.js';
import { listenOptions } from '../command-line/listen-options.js';
import {
  defineOptions,
  integerValue,
  repeatable,
  type OptionEntry,
  type OptionValues,
} from '../command-line/option-table.js';
import { defaultTimeouts } from '../node/node-server.js';
import { corsOriginOf } from '../rest/cors.js';

const INTEGRATIONS = 'Integrations (outgoing webhooks, push notifications, video calls):';
const DEVELOPMENT = 'Development:';
const LIMITS = 'Limits (for a server facing the internet; see the README):';
const FILES = 'Organization files and API description:';

/**
 * An option that sets the {@link ServerConfig} field `config`: when it is not given, the field
 * keeps its default (`defaultServerConfig`), which `--help` shows.
 */
function configOption<TKey extends keyof ServerConfig, const TEntry extends OptionEntry<ServerConfig[TKey]>>(
  config: TKey,
  entry: TEntry,
): TEntry & { readonly config: TKey } {
  const shown = defaultServerConfig[config];
  return { ...(typeof shown === 'number' ? { defaultHelp: String(shown) } : {}), ...entry, config };
}

/** `--rate-limit`: `on`, `off`, or rules over the defaults (`domain=SECONDS:COUNT[,SECONDS:COUNT];…`). */
function rateLimitValue(text: string): RateLimitRules | null {
  if (text === 'on') return defaultRateLimits;
  if (text === 'off') return null;
  const rules: Record<string, [number, number][]> = { ...defaultRateLimits } as never;
  for (const part of text.split(';').filter(Boolean)) {
    const [domain = '', list = ''] = part.split('=');
    const pairs = list.split(',').map((pair) => pair.split(':').map(Number) as [number, number]);
    if (
      !(domain in defaultRateLimits) ||
      pairs.some((p) => p.length !== 2 || !p.every((n) => Number.isInteger(n) && n > 0))
    ) {
      throw new Error(
        `must be on, off or DOMAIN=SECONDS:COUNT[,SECONDS:COUNT];… with DOMAIN one of ${Object.keys(defaultRateLimits).join(', ')}`,
      );
    }
    rules[domain] = pairs;
  }
  return rules as unknown as RateLimitRules;
}

function originValue(text: string): string {
  try {
    return corsOriginOf(text);
  } catch {
    throw new Error('must be an origin such as http://localhost:5173 (scheme, host and port, no path)');
  }
}

/** The BigBlueButton API base, ending in `/` as the server joins paths to it. */
function httpUrlValue(text: string): string {
  if (!/^https?:\/\/[^/]/.test(text)) throw new Error('must be an http(s) URL');
  return text.endsWith('/') ? text : `${text}/`;
}

/** `--populate`/`--size`: small, medium, large or a number of messages. */
export function populateSizeValue(text: string): PopulateSize {
  const size: PopulateSize = /^\d+$/.test(text) ? Number(text) : (text as PopulateSize);
  try {
    messagesOf(size);
  } catch {
    throw new Error('must be small, medium, large or a number of messages');
  }
  return size;
}

/** `--random-seed`: an unsigned 32-bit integer. */
export const randomSeedValue = integerValue({ max: 0xffff_ffff });

function featureLevelValue(text: string): number {
  try {
    return checkFeatureLevel(Number(/^\d+$/.test(text) ? text : Number.NaN));
  } catch {
    throw new Error(`must be an integer from ${OLDEST_FEATURE_LEVEL} to ${FEATURE_LEVEL}`);
  }
}

function trafficValue(text: string) {
  try {
    return parseTrafficRates(text);
  } catch (error) {
    throw new Error(
      `must be busy, a number of events per minute, or KIND=N,… (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

const LIFE = 'Generated organizations, live traffic, older servers:';

/**
 * The options of `teamchat-server` (starting a server). To add one, add an entry here: a
 * `configOption('field', …)` when it sets a {@link ServerConfig} field (nothing else to write:
 * {@link serverConfigOf} maps it), else a plain entry that the start-up code reads.
 */
export const SERVE_OPTIONS = defineOptions({
  data: {
    flags: '--data <file>',
    help: 'JSON data file; created with a demo organization when missing, with a zuliprc per account beside it; uploaded files go to the directory FILE.uploads',
    default: '.teamchat/data.json',
  },
  ...listenOptions(9991),
  memory: { flags: '--memory', help: 'keep everything in memory (nothing is written)' },
  heartbeatMs: configOption('heartbeatMs', {
    flags: '--heartbeat-ms <n>',
    help: 'GET /events heartbeat interval',
    parse: integerValue(),
  }),
  maxUploadMib: configOption('maxFileUploadSizeMib', {
    flags: '--max-upload-mib <n>',
    help: 'largest uploaded file, in MiB',
    parse: integerValue(),
  }),
  unusedUploadWeeks: configOption('unclaimedAttachmentWeeks', {
    flags: '--unused-upload-weeks <n>',
    help: 'delete uploads no message links after N weeks',
    parse: integerValue(),
  }),
  corsOrigin: {
    flags: '--cors-origin <url>',
    help: 'let pages of this origin call the API from a browser (CORS; repeatable; e.g. http://localhost:5173)',
    parse: repeatable(originValue),
    default: [] as readonly string[],
    defaultHelp: 'none, as on the real server',
  },
  quiet: { flags: '--quiet', help: 'do not log each request' },
  journalSize: configOption('journalSize', {
    flags: '--journal-size <n>',
    help: "entries the inspector's request journal keeps (0: none); it records only while an administrator's web session is live",
    parse: integerValue(),
  }),

  webhookTimeoutSecs: configOption('outgoingWebhookTimeoutSecs', {
    flags: '--webhook-timeout-secs <n>',
    help: 'outgoing-webhook request timeout',
    group: INTEGRATIONS,
    parse: integerValue(),
  }),
  webhookRetries: configOption('outgoingWebhookMaxRetries', {
    flags: '--webhook-retries <n>',
    help: 'retries after a timeout or failed connection',
    group: INTEGRATIONS,
    parse: integerValue(),
  }),
  webhookRetryDelaySecs: configOption('outgoingWebhookRetryDelaySecs', {
    flags: '--webhook-retry-delay-secs <n>',
    help: 'wait before each retry',
    group: INTEGRATIONS,
    parse: integerValue(),
    defaultHelp: '0, as the real server',
  }),
  pushBouncer: {
    flags: '--push-bouncer',
    help: 'start a local push bouncer in this process (E2EE push; its data beside the data file, FILE.push-bouncer.json)',
    group: INTEGRATIONS,
  },
  pushBouncerPort: {
    flags: '--push-bouncer-port <n>',
    help: 'its port; 0 picks a free one',
    group: INTEGRATIONS,
    parse: integerValue({ max: 65_535 }),
    default: 9993,
  },
  pushBouncerUrl: configOption('pushBouncerUrl', {
    flags: '--push-bouncer-url <url>',
    help: 'use the push bouncer at URL (teamchat-push-bouncer)',
    group: INTEGRATIONS,
  }),
  bigbluebuttonUrl: configOption('bigBlueButtonUrl', {
    flags: '--bigbluebutton-url <url>',
    help: 'the BigBlueButton server for video calls (its API base, e.g. https://bbb.example.com/bigbluebutton/); with the secret',
    group: INTEGRATIONS,
    parse: httpUrlValue,
  }),
  bigbluebuttonSecret: configOption('bigBlueButtonSecret', {
    flags: '--bigbluebutton-secret <secret>',
    help: 'its shared secret (bbb-conf --secret)',
    group: INTEGRATIONS,
  }),

  dev: configOption('devMode', {
    flags: '--dev',
    help: "a development server: POST /dev_fetch_api_key gives any account's API key without a password, and any non-empty password is accepted (unless the password options say otherwise). Loopback addresses only",
    group: DEVELOPMENT,
  }),
  showEmails: configOption('showEmails', {
    flags: '--show-emails',
    help: 'serve the email outbox (every email the server sent: invitations, confirmations) as JSON at GET /dev/emails; loopback addresses only',
    group: DEVELOPMENT,
  }),
  passwordMinLength: configOption('passwordMinLength', {
    flags: '--password-min-length <n>',
    help: 'shortest password accepted (PASSWORD_MIN_LENGTH)',
    group: DEVELOPMENT,
    parse: integerValue(),
    defaultHelp: `${defaultServerConfig.passwordMinLength}; ${DEV_PASSWORD_POLICY.passwordMinLength} with --dev`,
  }),
  passwordMinGuesses: configOption('passwordMinGuesses', {
    flags: '--password-min-guesses <n>',
    help: 'fewest zxcvbn guesses a password must need (PASSWORD_MIN_GUESSES)',
    group: DEVELOPMENT,
    parse: integerValue(),
    defaultHelp: `${defaultServerConfig.passwordMinGuesses}; ${DEV_PASSWORD_POLICY.passwordMinGuesses} with --dev`,
  }),

  rateLimit: configOption('rateLimits', {
    flags: '--rate-limit <rules>',
    help: "rate limits, 429 RATE_LIMIT_HIT: on, off (for load tests), or RULES that change some, e.g. 'api_by_user=60:1000;authenticate_by_ip=60:10'",
    group: LIMITS,
    parse: rateLimitValue,
    default: defaultRateLimits,
    defaultHelp: `on: ${Object.entries(defaultRateLimits)
      .map(
        ([domain, rules]: [string, readonly (readonly [number, number])[]]) =>
          `${domain}=${rules.map(([seconds, count]) => `${seconds}:${count}`).join(',')}`,
      )
      .join(', ')}`,
  }),
  maxQueuesPerUser: configOption('maxQueuesPerUser', {
    flags: '--max-queues-per-user <n>',
    help: 'event queues per user; one more drops the oldest',
    group: LIMITS,
    parse: integerValue(),
  }),
  maxQueuedEvents: configOption('maxQueuedEvents', {
    flags: '--max-queued-events <n>',
    help: 'undelivered events per queue; past it the queue is dropped and its client re-registers',
    group: LIMITS,
    parse: integerValue(),
  }),
  maxLongPollsPerUser: configOption('maxLongPollsPerUser', {
    flags: '--max-long-polls-per-user <n>',
    help: 'GET /events requests waiting at once per user',
    group: LIMITS,
    parse: integerValue(),
  }),
  maxConcurrentUploads: configOption('maxConcurrentUploads', {
    flags: '--max-concurrent-uploads <n>',
    help: 'uploads received at once, server-wide',
    group: LIMITS,
    parse: integerValue(),
  }),
  maxConcurrentUploadsPerUser: configOption('maxConcurrentUploadsPerUser', {
    flags: '--max-concurrent-uploads-per-user <n>',
    help: 'uploads received at once per user',
    group: LIMITS,
    parse: integerValue(),
  }),
  uploadQuotaMib: configOption('uploadQuotaMib', {
    flags: '--upload-quota-mib <n>',
    help: "total size of the organization's uploads",
    group: LIMITS,
    parse: integerValue(),
    defaultHelp: 'none',
  }),
  headersTimeoutMs: {
    flags: '--headers-timeout-ms <n>',
    help: "to receive a request's headers",
    group: LIMITS,
    parse: integerValue(),
    default: defaultTimeouts.headersTimeoutMs,
  },
  requestTimeoutMs: {
    flags: '--request-timeout-ms <n>',
    help: 'to receive a whole request, body included',
    group: LIMITS,
    parse: integerValue(),
    default: defaultTimeouts.requestTimeoutMs,
  },
  keepAliveTimeoutMs: {
    flags: '--keep-alive-timeout-ms <n>',
    help: 'idle keep-alive connections are closed after',
    group: LIMITS,
    parse: integerValue(),
    default: defaultTimeouts.keepAliveTimeoutMs,
  },

  seed: {
    flags: '--seed <file>',
    help: 'start a new data file (or --memory) with the organization of a fixture file (JSON, or YAML for .yaml/.yml) instead of the demo, or with the store of a backup (teamchat-server backup)',
    group: FILES,
  },
  export: {
    flags: '--export <file>',
    help: 'write the organization of --data to a fixture file (JSON, or YAML for .yaml/.yml) and exit; works while a server runs on it',
    group: FILES,
  },
  printOpenapi: {
    flags: '--print-openapi',
    help: 'print the OpenAPI 3.1 document of the API (JSON) and exit',
    group: FILES,
  },

  populate: {
    flags: '--populate <size>',
    help: 'start a new data file (or --memory) with a generated, lived-in organization whose history ends now: small (2,000 messages), medium (100,000), large (1,000,000) or a number of messages',
    group: LIFE,
    parse: populateSizeValue,
  },
  randomSeed: {
    flags: '--random-seed <n>',
    help: 'seed of --populate and --simulate: the same seed, the same organization and traffic',
    group: LIFE,
    parse: randomSeedValue,
    default: 1,
  },
  simulate: {
    flags: '--simulate <rate>',
    help: "live traffic from the organization's people: busy (about 40 events a minute), a number of events per minute, or KIND=N,… per minute (channelMessages, directMessages, reactions, edits, topicMoves, deletes, presence, usersJoining, usersLeaving, channelsCreated, channelsArchived)",
    group: LIFE,
    parse: trafficValue,
  },
  simulateLanes: {
    flags: '--simulate-lanes <n>',
    help: 'people of --simulate acting at the same moment (their writes share the journal fsyncs); 1 keeps the exact sequence of the seed',
    group: LIFE,
    parse: integerValue({ min: 1, max: 64 }),
    default: 8,
  },
  featureLevel: configOption('featureLevel', {
    flags: '--feature-level <n>',
    help: `answer as an older server at feature level N (${OLDEST_FEATURE_LEVEL} to ${FEATURE_LEVEL}): its zulip_version, no endpoints, parameters or fields added after N`,
    group: LIFE,
    parse: featureLevelValue,
  }),
});

/** The values of {@link SERVE_OPTIONS}. */
export type ServeValues = OptionValues<typeof SERVE_OPTIONS>;

/**
 * The {@link ServerConfig} fields the options set: each `configOption` entry's value, or when
 * not given its default — a development server's password policy under `--dev`.
 */
export function serverConfigOf(values: ServeValues): Partial<ServerConfig> {
  const base: ServerConfig = values.dev ? { ...defaultServerConfig, ...DEV_PASSWORD_POLICY } : defaultServerConfig;
  const config: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(SERVE_OPTIONS)) {
    if ('config' in entry) config[entry.config] = values[name as keyof ServeValues] ?? base[entry.config];
  }
  return config as Partial<ServerConfig>;
}
