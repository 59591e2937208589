import { ApiError, type RealmExport } from '@teamchat/schema';
import { emit } from '../events/emit.js';
import { randomAlphanumeric } from '../internal/random.js';
import type { Context, OperationParams, UserContext } from '../runtime/context.js';
import type { Services } from '../runtime/services.js';
import type { DbStore } from '../model/db.js';
import type { RealmExportRecord } from '../model/records/realm.js';
import type { UserRecord } from '../model/records/users.js';
import { dummyEmail, realmHost, roleMaySeeEmail } from '../model/email-visibility.js';
import { isOwner } from '../model/roles.js';
import { humanAdminIds } from '../model/bot-administrators.js';
import { enqueueJob, type JobRunner, type JobOutcome } from '../outbox/job-queue.js';
import { exportOrganization } from '../seed/export-organization.js';
import type { OrganizationFixtureInput } from '../seed/fixture-schema.js';

const EXPORT_PUBLIC = 1;
/** Exports one organization may request per 7 days (the real `EXPORT_LIMIT`). */
const EXPORT_LIMIT = 5;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** Larger histories are exported by hand (the real `MAX_MESSAGE_HISTORY`). */
const MAX_MESSAGE_HISTORY = 250_000;
/** Where an export's file lives in the file store, and (below `/user_avatars/`) its URL. */
export const EXPORT_PATH = /^exports\/\d+\/[A-Za-z0-9]+\/[A-Za-z0-9._-]+\.json$/;

type Reader = Pick<Context, 'db'>;
const seconds = (ms: number | null) => (ms === null ? null : ms / 1000);

/** An export as the API shows it (the real `get_realm_exports_serialized`). */
function formatExport(config: Services['config'], record: RealmExportRecord): RealmExport {
  return {
    id: record.id,
    export_time: record.date_requested / 1000,
    acting_user_id: record.acting_user_id,
    export_url:
      record.status === 'succeeded' && record.export_path !== null
        ? `${config.realmUrl}/user_avatars/${record.export_path}`
        : null,
    deleted_timestamp: seconds(record.date_deleted),
    failed_timestamp: seconds(record.date_failed),
    pending: record.status === 'requested',
    export_type: record.type,
  };
}

/** The organization's exports, oldest first. */
function serializedExports(ctx: Reader & Pick<Services, 'config'>): RealmExport[] {
  return [...ctx.db.all('realm_exports')].sort((a, b) => a.id - b.id).map((record) => formatExport(ctx.config, record));
}

/** A `realm_export` event with every export, to the organization's administrators (the real `notify_realm_export`). */
function notifyRealmExport(ctx: Pick<Context, 'db' | 'events' | 'config'>): void {
  emit(ctx, humanAdminIds(ctx), { type: 'realm_export', exports: serializedExports(ctx) });
}

/** Whether a user lets administrators export their private data. */
const consents = (user: UserRecord) => user.settings.allow_private_data_export === true;

/**
 * POST /export/realm, as the real `export_realm`: `Exceeded rate limit.` after five exports in
 * seven days; `Please request a manual export from …` past 250 000 exportable messages; a
 * standard export needs an active owner who consents to it, a public one an owner whose
 * email address administrators may see. The export is recorded as pending (a `realm_export`
 * event to administrators) and runs as an outbox job after the commit.
 */
export function createRealmExport(params: OperationParams<'exports.create'>, ctx: UserContext<'jobs'>) {
  const now = ctx.now();
  const recent = [...ctx.db.all('realm_exports')].filter((record) => record.date_requested >= now - WEEK_MS).length;
  if (recent >= EXPORT_LIMIT) throw new ApiError('BAD_REQUEST', 'Exceeded rate limit.');
  const support = `admin@${realmHost(ctx.config.realmUrl)}`;
  const publicChannels = new Set(
    [...ctx.db.all('channels')].filter((channel) => !channel.invite_only).map((channel) => channel.id),
  );
  let estimate = 0;
  for (const message of ctx.db.all('messages'))
    if (params.export_type !== EXPORT_PUBLIC || (message.stream_id !== null && publicChannels.has(message.stream_id)))
      estimate += 1;
  if (estimate > MAX_MESSAGE_HISTORY)
    throw new ApiError('BAD_REQUEST', `Please request a manual export from ${support}.`);
  const owners = [...ctx.db.all('users')].filter((user) => user.is_active && !user.is_bot && isOwner(user));
  if (params.export_type !== EXPORT_PUBLIC && !owners.some(consents)) {
    throw new ApiError(
      'BAD_REQUEST',
      `Make sure at least one Organization Owner is consenting to the export or contact ${support} for help.`,
    );
  }
  if (
    params.export_type === EXPORT_PUBLIC &&
    !owners.some((owner) => roleMaySeeEmail(200, owner.settings.email_address_visibility))
  ) {
    throw new ApiError(
      'BAD_REQUEST',
      `Make sure at least one Organization Owner allows other Administrators to see their email address or contact ${support} for help`,
    );
  }
  const record = ctx.db.put('realm_exports', {
    id: ctx.db.nextId('realm_exports'),
    type: params.export_type,
    acting_user_id: ctx.user.id,
    status: 'requested',
    date_requested: now,
    date_succeeded: null,
    date_failed: null,
    date_deleted: null,
    export_path: null,
  });
  notifyRealmExport(ctx);
  enqueueJob(ctx, { kind: 'realm_export', userId: ctx.user.id, payload: { export_id: record.id } });
  return { id: record.id };
}

/** GET /export/realm: every export of the organization. */
export function listRealmExports(_params: OperationParams<'exports.list'>, ctx: UserContext) {
  return { exports: serializedExports(ctx) };
}

/** GET /export/realm/consents: each active human user's `allow_private_data_export`, by ID. */
export function listExportConsents(_params: OperationParams<'exports.consents'>, ctx: UserContext) {
  const users = [...ctx.db.all('users')].filter((user) => user.is_active && !user.is_bot).sort((a, b) => a.id - b.id);
  return { export_consents: users.map((user) => ({ user_id: user.id, consented: consents(user) })) };
}

/** Replaces every string of `value` (deeply) that is a key of `replacements`. */
function replaceStrings<T>(value: T, replacements: ReadonlyMap<string, string>): T {
  if (typeof value === 'string') return (replacements.get(value) ?? value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => replaceStrings(item, replacements)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [replacements.get(key) ?? key, replaceStrings(item, replacements)]),
    ) as T;
  }
  return value;
}

/**
 * The organization as an export of `type` holds it, in the fixture format of `--export` (so
 * that it seeds a new server): without passwords and API keys (as the real export leaves them
 * out); a public export without private channels' messages, direct messages or anyone's
 * personal topic settings and views; a standard one adds those of the users who consent
 * (messages such a user sent or received). Email addresses administrators may not see
 * become the users' dummy addresses unless their owner consented to a standard export.
 */
export function exportForType(
  store: DbStore,
  type: RealmExportRecord['type'],
  realmUrl: string,
): OrganizationFixtureInput {
  const fixture = exportOrganization(store);
  const users = [...store.all('users')];
  const consenting = new Set(type === EXPORT_PUBLIC ? [] : users.filter(consents).map((user) => user.email));
  const visible = (email: string) => consenting.has(email);
  const privateChannels = new Set(
    [...store.all('channels')].filter((channel) => channel.invite_only).map((channel) => channel.name),
  );
  const keptMessage = (message: NonNullable<OrganizationFixtureInput['messages']>[number]) => {
    const isPrivate = message.channel === undefined || privateChannels.has(message.channel);
    if (!isPrivate) return true;
    const involved = [message.sender, ...(message.to ?? []), ...Object.keys(message.flags ?? {})];
    if (message.channel !== undefined && message.flags === undefined) {
      const channel = [...store.all('channels')].find((candidate) => candidate.name === message.channel);
      for (const sub of store.all('subscriptions'))
        if (channel && sub.stream_id === channel.id && sub.active)
          involved.push(store.get('users', sub.user_id)?.email ?? '');
    }
    return involved.some(visible);
  };
  const replacements = new Map<string, string>();
  for (const user of users) {
    if (!user.is_bot && !roleMaySeeEmail(200, user.settings.email_address_visibility) && !consenting.has(user.email))
      replacements.set(user.email, dummyEmail(user.id, realmUrl));
  }
  const filtered: OrganizationFixtureInput = {
    ...fixture,
    users: fixture.users?.map(({ password_hash: _hash, api_key: _key, ...user }) => user),
    messages: fixture.messages?.filter(keptMessage),
    user_topics: fixture.user_topics?.filter((topic) => visible(topic.user)),
    navigation_views: fixture.navigation_views?.filter((view) => visible(view.user)),
  };
  return replaceStrings(filtered, replacements);
}

/** The file name of an export: the organization's, a random part and the format (JSON). */
function exportPath(services: Pick<Services, 'random'>, stringId: string): string {
  const name = (stringId.replace(/[^A-Za-z0-9_-]/g, '') || 'organization').slice(0, 40);
  return `exports/1/${randomAlphanumeric(24, services.random)}/teamchat-export-${name}-${randomAlphanumeric(8, services.random).toLowerCase()}.json`;
}

/**
 * The outbox job of an export: writes the organization (see {@link exportForType}) to the file
 * store, then records it as succeeded (or failed, with the reason logged) and tells the
 * administrators with a `realm_export` event. Not retried: a failed export is asked for again.
 */
export const runRealmExport: JobRunner = {
  lane: 'realm_export',
  maxRetries: () => 0,
  retryDelayMs: () => 0,
  async run(services, job): Promise<JobOutcome> {
    const exportId = Number(job.payload['export_id']);
    const record = services.store.get('realm_exports', exportId);
    const finish = (fields: Partial<RealmExportRecord>) => (ctx: Parameters<NonNullable<JobOutcome['apply']>>[0]) => {
      if (!ctx.db.get('realm_exports', exportId)) return;
      ctx.db.patch('realm_exports', exportId, fields);
      notifyRealmExport(ctx);
    };
    if (!record || record.status !== 'requested')
      return { outcome: 'failed', error: 'export record missing or already finished' };
    try {
      const realm = services.store.get('realm', 1);
      const fixture = exportForType(services.store, record.type, services.config.realmUrl);
      const path = exportPath(services, realm?.string_id ?? '');
      await services.files.put(path, new TextEncoder().encode(`${JSON.stringify(fixture, null, 2)}\n`));
      services.log.info('organization data export written', {
        export: exportId,
        path,
        messages: fixture.messages?.length ?? 0,
      });
      return {
        outcome: 'delivered',
        apply: finish({ status: 'succeeded', date_succeeded: services.now(), export_path: path }),
      };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      services.log.error('organization data export failed', { export: exportId, error: message });
      return { outcome: 'failed', error: message, apply: finish({ status: 'failed', date_failed: services.now() }) };
    }
  },
};

/**
 * The file of the export whose path is `path` (below `/user_avatars/`), as the real server
 * serves export tarballs: to whoever has the URL (its random part is the secret), while the
 * export exists; undefined otherwise.
 */
export async function readExportFile(
  ctx: Pick<Context<'files'>, 'db' | 'files'>,
  path: string,
): Promise<Uint8Array | undefined> {
  if (!EXPORT_PATH.test(path)) return undefined;
  const record = [...ctx.db.all('realm_exports')].find(
    (candidate) => candidate.export_path === path && candidate.status === 'succeeded',
  );
  return record ? ctx.files.get(path) : undefined;
}
