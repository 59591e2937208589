import { ApiError } from '@teamchat/schema';
import type { OperationParams, UserContext } from '../runtime/context.js';
import { emit } from '../events/emit.js';
import { emojiByCharacters, emojiByName } from '../markdown/emoji-data.js';
import { activeRealmEmoji } from '../markdown/message-resolver.js';
import { apiEmail } from '../model/email-visibility.js';
import { accessMessage } from '../model/message-access.js';
import { hasMessageRow, messageUserIds, NO_ROW_BITS, setMessageRows } from '../model/message-flags.js';
import type { MessageRecord, ReactionRecord } from '../model/records/messages.js';

type ReactionType = ReactionRecord['reaction_type'];

/** The spec's name for the real server's `zulip_extra_emoji`. */
function reactionType(given: string | undefined): ReactionType | undefined {
  if (given === undefined) return undefined;
  return given === 'zulip_extra_emoji' ? 'service_extra_emoji' : (given as ReactionType);
}

/** Whether `code` is a Unicode emoji's code (`1f419`, `1f1fa-1f1f8`). */
function isUnicodeCode(code: string): boolean {
  if (!/^[0-9a-f]{4,6}(-[0-9a-f]{4,6})*$/.test(code)) return false;
  const characters = String.fromCodePoint(...code.split('-').map((part) => parseInt(part, 16)));
  return emojiByCharacters(characters) !== undefined;
}

/**
 * The emoji a request names (a reaction, a user status): its type and code worked out from the name when not
 * given (`zulip` is the server's extra emoji, else a Unicode emoji), and checked when given.
 */
export function resolveEmoji(
  ctx: Pick<UserContext, 'db'>,
  params: { emoji_name: string; emoji_code?: string | undefined; reaction_type?: string | undefined },
): { code: string; type: ReactionType } {
  const name = params.emoji_name;
  const custom = activeRealmEmoji(ctx, name);
  const type =
    reactionType(params.reaction_type) ??
    (custom && params.emoji_code === undefined
      ? 'realm_emoji'
      : name === 'zulip'
        ? 'service_extra_emoji'
        : params.emoji_code !== undefined
          ? 'unicode_emoji'
          : undefined);
  if (type === 'realm_emoji') {
    // A custom emoji's code is its ID; name and code must agree.
    if (!custom || (params.emoji_code !== undefined && params.emoji_code !== String(custom.id)))
      throw new ApiError('BAD_REQUEST', 'Invalid custom emoji.');
    return { code: String(custom.id), type };
  }
  if (type === 'service_extra_emoji') {
    if (name !== 'zulip' || (params.emoji_code !== undefined && params.emoji_code !== 'zulip'))
      throw new ApiError('BAD_REQUEST', 'Invalid emoji code');
    return { code: 'zulip', type };
  }
  const byName = emojiByName(name);
  if (params.emoji_code === undefined) {
    if (!byName) throw new ApiError('BAD_REQUEST', `Emoji '${name}' does not exist`);
    return { code: byName.code, type: 'unicode_emoji' };
  }
  if (!isUnicodeCode(params.emoji_code)) throw new ApiError('BAD_REQUEST', 'Invalid emoji code');
  if (byName && byName.code !== params.emoji_code) throw new ApiError('BAD_REQUEST', 'Invalid emoji name');
  return { code: params.emoji_code, type: 'unicode_emoji' };
}

function emitReaction(ctx: UserContext, message: MessageRecord, op: 'add' | 'remove', reaction: ReactionRecord): void {
  // Nobody listens (a generated organization, a server before its first register): `emit`
  // would drop the event, so its recipients and body are not worked out.
  if (!ctx.events.listening) return;
  const user = ctx.user;
  emit(ctx, messageUserIds(ctx, message.id), {
    type: 'reaction',
    op,
    message_id: message.id,
    user_id: user.id,
    user: { user_id: user.id, email: apiEmail(user, ctx.config.realmUrl), full_name: user.full_name },
    emoji_name: reaction.emoji_name,
    emoji_code: reaction.emoji_code,
    reaction_type: reaction.reaction_type,
  });
}

/**
 * POST /messages/{message_id}/reactions: the caller reacts with an emoji (unique per message,
 * user, type and code). Reacting to a message the user never received gives them a
 * `historical` row.
 *
 * @see https://zulip.com/api/add-reaction
 */
export function addReaction(params: OperationParams<'messages.addReaction'>, ctx: UserContext) {
  const message = accessMessage(ctx, ctx.user, params.message_id);
  const { code, type } = resolveEmoji(ctx, params);
  if (message.reactions.some((r) => r.user_id === ctx.user.id && r.reaction_type === type && r.emoji_code === code)) {
    throw new ApiError('REACTION_ALREADY_EXISTS', 'Reaction already exists.');
  }
  const reaction: ReactionRecord = {
    emoji_name: params.emoji_name,
    emoji_code: code,
    reaction_type: type,
    user_id: ctx.user.id,
  };
  if (!hasMessageRow(ctx, message.id, ctx.user.id)) setMessageRows(ctx, message.id, [[ctx.user.id, NO_ROW_BITS]]);
  const updated = ctx.db.patch('messages', message.id, { reactions: [...message.reactions, reaction] });
  emitReaction(ctx, updated, 'add', reaction);
  return {};
}

/**
 * DELETE /messages/{message_id}/reactions: removes the caller's reaction, named by code and
 * type or by emoji name.
 *
 * @see https://zulip.com/api/remove-reaction
 */
export function removeReaction(params: OperationParams<'messages.removeReaction'>, ctx: UserContext) {
  const message = accessMessage(ctx, ctx.user, params.message_id);
  if (params.emoji_name === undefined && params.emoji_code === undefined) {
    throw new ApiError(
      'BAD_REQUEST',
      'At least one of the following arguments must be present: emoji_name, emoji_code',
    );
  }
  const custom = params.emoji_name === undefined ? undefined : activeRealmEmoji(ctx, params.emoji_name);
  const type =
    reactionType(params.reaction_type) ??
    (custom ? 'realm_emoji' : params.emoji_name === 'zulip' ? 'service_extra_emoji' : 'unicode_emoji');
  const byName =
    type === 'service_extra_emoji'
      ? 'zulip'
      : type === 'realm_emoji'
        ? custom
          ? String(custom.id)
          : undefined
        : emojiByName(params.emoji_name ?? '')?.code;
  const code = params.emoji_code ?? byName;
  const existing = message.reactions.find(
    (r) => r.user_id === ctx.user.id && r.reaction_type === type && r.emoji_code === code,
  );
  if (!existing) throw new ApiError('REACTION_DOES_NOT_EXIST', "Reaction doesn't exist.");
  const updated = ctx.db.patch('messages', message.id, { reactions: message.reactions.filter((r) => r !== existing) });
  emitReaction(ctx, updated, 'remove', existing);
  return {};
}
