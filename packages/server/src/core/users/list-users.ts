import { ApiError } from '@teamchat/schema';
import { NOT_LOGGED_IN } from '../auth/authenticate.js';
import type { Context, OperationParams } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { isWebPublicAccessEnabled } from '../model/web-public-access.js';
import { formatUser } from '../model/format-user.js';
import { profileDataOf } from './profile-data.js';
import { withJsonText } from '../model/json-text.js';
import { inaccessibleUser, seesEveryone, visibleUserIds } from '../channels/user-sight.js';

/** The users of the organization, by ID (the server's system bots are not among them). */
export function usersById(ctx: Pick<Context, 'db'>): UserRecord[] {
  return [...ctx.db.all('users')].filter((user) => user.is_system_bot !== true).sort((a, b) => a.id - b.id);
}

/** The server's system bots (Notification Bot), listed as `cross_realm_bots` in POST /register. */
export function systemBots(ctx: Pick<Context, 'db'>): UserRecord[] {
  return [...ctx.db.all('users')].filter((user) => user.is_system_bot === true).sort((a, b) => a.id - b.id);
}

/**
 * GET /users: every user, bots and deactivated users included; anonymous callers only in
 * organizations that allow public access (FL 387): the organization's
 * `enable_spectator_access` on a server with web-public channels enabled. Anonymous callers
 * see no real address. A caller who does not see everyone (`can_access_all_users_group`) gets
 * the others as "Unknown user".
 */
export function listUsers(params: OperationParams<'users.list'>, ctx: Context) {
  if (!ctx.user && !isWebPublicAccessEnabled(ctx)) throw new ApiError('UNAUTHORIZED', NOT_LOGGED_IN);
  // Who the caller sees also depends on subscriptions and conversations: only a list of
  // everyone, as everyone sees it, is kept.
  const seesAll = !ctx.user || seesEveryone(ctx, ctx.user);
  if (seesAll && !params.user_ids && !params.include_custom_profile_fields) {
    return wholeList(ctx, params.client_extavatar);
  }
  let users = usersById(ctx);
  if (params.user_ids) {
    for (const id of params.user_ids) {
      if (!ctx.db.get('users', id)) throw new ApiError('BAD_REQUEST', `Invalid user ID: ${id}`);
    }
    const wanted = new Set(params.user_ids);
    users = users.filter((user) => wanted.has(user.id));
  }
  const options = {
    viewer: ctx.user,
    realmUrl: ctx.config.realmUrl,
    clientExtavatar: params.client_extavatar,
    profileData: params.include_custom_profile_fields ? (user: UserRecord) => profileDataOf(ctx, user) : null,
  };
  // Restricted user access: the users the caller does not see come as "Unknown user" (the
  // real get_users_for_api, which GET /users calls without user_list_incomplete).
  const visible = ctx.user && !seesAll ? visibleUserIds(ctx, ctx.user) : null;
  return {
    members: users.map((user) =>
      visible === null || user.is_bot || visible.has(user.id)
        ? formatUser(user, options)
        : inaccessibleUser(user.id, ctx.config.realmUrl),
    ),
  };
}

/**
 * The list of every user as one viewer who sees everyone saw it last, with its JSON text: what it was made from
 * (records are replaced, never changed, when they change), so it holds while the user records
 * are the same objects in the same order, and the viewer record and the organization's URL are
 * the same. Checking that is a pass over the records; formatting and serialising the list again
 * was most of a GET /users.
 */
interface KeptList {
  viewer: UserRecord | null;
  realmUrl: string;
  records: UserRecord[];
  answer: { members: ReturnType<typeof formatUser>[] };
}

/** Per core (its indexes), by viewer and `client_extavatar`. */
const keptLists = new WeakMap<Context['indexes'], Map<string, KeptList>>();
const MAX_KEPT_LISTS = 1024;

function sameRecords(kept: readonly UserRecord[], ctx: Pick<Context, 'db'>): boolean {
  let i = 0;
  for (const user of ctx.db.all('users')) {
    if (kept[i] !== user) return false;
    i += 1;
  }
  return i === kept.length;
}

/** GET /users of every user without profile data, for a caller who sees everyone, kept between requests (see {@link KeptList}). */
function wholeList(ctx: Context, clientExtavatar: boolean): { members: ReturnType<typeof formatUser>[] } {
  let byViewer = keptLists.get(ctx.indexes);
  if (!byViewer) {
    byViewer = new Map();
    keptLists.set(ctx.indexes, byViewer);
  }
  const key = `${ctx.user?.id ?? 0}:${clientExtavatar ? 1 : 0}`;
  const realmUrl = ctx.config.realmUrl;
  const kept = byViewer.get(key);
  if (kept && kept.viewer === ctx.user && kept.realmUrl === realmUrl && sameRecords(kept.records, ctx)) {
    return kept.answer;
  }
  const options = { viewer: ctx.user, realmUrl, clientExtavatar, profileData: null };
  const members = usersById(ctx).map((user) => Object.freeze(formatUser(user, options)));
  const answer = Object.freeze({ members: Object.freeze(members) as ReturnType<typeof formatUser>[] });
  withJsonText(answer, JSON.stringify(answer));
  if (byViewer.size >= MAX_KEPT_LISTS) byViewer.clear();
  byViewer.set(key, { viewer: ctx.user, realmUrl, records: [...ctx.db.all('users')], answer });
  return answer;
}
