import { ApiError, type DraftInput } from '@teamchat/schema';
import type { StateBlock } from '../events/state-block.js';
import { emit } from '../events/emit.js';
import { accessChannelById } from '../model/channel-access.js';
import type { Context, OperationParams, UserContext } from '../runtime/context.js';
import type { DraftRecord } from '../model/records/personal.js';
import { MAX_MESSAGE_LENGTH, MAX_TOPIC_LENGTH } from '../realm/realm-state.js';

/** Drafts POST /register sends at most (the real server's `MAX_DRAFTS_IN_REGISTER_RESPONSE`). */
const MAX_DRAFTS_IN_REGISTER = 1000;

/** A draft as the API shows it. */
function formatDraft(draft: DraftRecord) {
  return {
    id: draft.id,
    type: draft.type,
    to: draft.to,
    topic: draft.topic,
    content: draft.content,
    timestamp: draft.last_edit_time,
  };
}

/** The user's drafts, most recently edited first. */
function draftsOf(ctx: Pick<Context, 'db'>, userId: number): DraftRecord[] {
  return [...ctx.db.all('drafts')]
    .filter((draft) => draft.user_id === userId)
    .sort((a, b) => b.last_edit_time - a.last_edit_time || b.id - a.id);
}

/** The `drafts` block of POST /register: the newest 1000 drafts, most recently edited first. */
export const draftsState: StateBlock = {
  eventTypes: ['drafts'],
  fetch: (ctx) => ({ drafts: draftsOf(ctx, ctx.user.id).slice(0, MAX_DRAFTS_IN_REGISTER).map(formatDraft) }),
};

function checkSyncing(ctx: UserContext): void {
  if (!ctx.user.settings.enable_drafts_synchronization)
    throw new ApiError('BAD_REQUEST', 'User has disabled synchronizing drafts.');
}

/** A draft of the request, checked the real server's way (`further_validated_draft_dict`). */
function validated(ctx: UserContext, draft: DraftInput): Omit<DraftRecord, 'id' | 'user_id'> {
  const content = draft.content.replace(/\s+$/, '').replace(/^\n+/, '');
  if (content === '') throw new ApiError('BAD_REQUEST', 'Message must not be empty');
  const timestamp = draft.timestamp ?? ctx.now() / 1000;
  if (timestamp < 0) throw new ApiError('BAD_REQUEST', 'Timestamp must not be negative.');
  let topic = '';
  let to: number[] = [];
  if (draft.type === 'stream') {
    topic = [...(draft.topic ?? '')].slice(0, MAX_TOPIC_LENGTH).join('');
    if (topic.includes('\0')) throw new ApiError('BAD_REQUEST', 'Topic must not contain null bytes');
    if (draft.to.length !== 1)
      throw new ApiError('BAD_REQUEST', 'Must specify exactly 1 channel ID for channel messages');
    to = [accessChannelById(ctx, ctx.user, draft.to[0] as number).id];
  } else if (draft.type === 'private') {
    to = [...new Set(draft.to)].sort((a, b) => a - b);
    for (const id of to) {
      const user = ctx.db.get('users', id);
      if (!user || user.is_system_bot) throw new ApiError('BAD_REQUEST', `Invalid user ID ${id}`);
    }
  } else if (draft.to.length > 0) {
    throw new ApiError('BAD_REQUEST', 'Must not specify any recipient IDs for drafts without a type');
  }
  return {
    type: draft.type,
    to,
    topic,
    content: [...content].slice(0, MAX_MESSAGE_LENGTH).join(''),
    last_edit_time: Math.floor(timestamp),
  };
}

function ownDraft(ctx: UserContext, id: number): DraftRecord {
  const draft = ctx.db.get('drafts', id);
  if (!draft || draft.user_id !== ctx.user.id)
    throw new ApiError('BAD_REQUEST', 'Draft does not exist', { status: 404 });
  return draft;
}

/** GET /drafts: the caller's drafts, most recently edited first. */
export function listDrafts(_params: OperationParams<'drafts.list'>, ctx: UserContext) {
  const drafts = draftsOf(ctx, ctx.user.id).map(formatDraft);
  return { count: drafts.length, drafts };
}

/**
 * POST /drafts: saves drafts (needs `enable_drafts_synchronization`). Answers their IDs; event
 * `drafts` `add` to the caller.
 */
export function createDrafts(params: OperationParams<'drafts.create'>, ctx: UserContext) {
  checkSyncing(ctx);
  const created = params.drafts.map((draft) =>
    ctx.db.put('drafts', { id: ctx.db.nextId('drafts'), user_id: ctx.user.id, ...validated(ctx, draft) }),
  );
  emit(ctx, [ctx.user.id], { type: 'drafts', op: 'add', drafts: created.map(formatDraft) });
  return { ids: created.map((draft) => draft.id) };
}

/** PATCH /drafts/{draft_id}: replaces one of the caller's drafts; event `drafts` `update`. */
export function updateDraft(params: OperationParams<'drafts.update'>, ctx: UserContext) {
  checkSyncing(ctx);
  const draft = ownDraft(ctx, params.draft_id);
  const updated = ctx.db.put('drafts', { ...draft, ...validated(ctx, params.draft) });
  emit(ctx, [ctx.user.id], { type: 'drafts', op: 'update', draft: formatDraft(updated) });
  return {};
}

/** DELETE /drafts/{draft_id}: deletes one of the caller's drafts; event `drafts` `remove`. */
export function deleteDraft(params: OperationParams<'drafts.remove'>, ctx: UserContext) {
  const draft = ownDraft(ctx, params.draft_id);
  ctx.db.delete('drafts', draft.id);
  emit(ctx, [ctx.user.id], { type: 'drafts', op: 'remove', draft_id: draft.id });
  return {};
}
