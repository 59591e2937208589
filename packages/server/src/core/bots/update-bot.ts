import { ApiError } from '@teamchat/schema';
import { activeUserIds, emit } from '../events/emit.js';
import { avatarUrl } from '../model/avatar.js';
import { botAdministratorIds } from '../model/bot-administrators.js';
import type { OperationParams, UserContext } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { isAdmin, isOwner } from '../model/roles.js';
import { changeFullName, checkFullName, isNameOfActiveUser } from '../users/full-name.js';
import { changeRole } from '../users/role-change.js';
import { accessBot } from './access-bot.js';
import { emitBotUpdate } from './bot-events.js';
import { BOT_TYPES, checkInterfaceType, checkPayloadUrl } from './bot-types.js';
import { accessChannelByName } from './default-channels.js';
import { botServices, channelNameOf, formatBot } from './format-bot.js';

const ROLES: readonly number[] = [100, 200, 300, 400, 600];

/** Gives `bot` the owner `ownerId` (the real server's `do_change_bot_owner` and its events). */
function changeOwner(ctx: UserContext, bot: UserRecord, ownerId: number): UserRecord {
  const owner = ctx.db.get('users', ownerId);
  if (!owner || owner.is_system_bot) throw new ApiError('BAD_REQUEST', 'Failed to change owner, no such user');
  if (!owner.is_active) throw new ApiError('BAD_REQUEST', 'Failed to change owner, user is deactivated');
  if (owner.is_bot) throw new ApiError('BAD_REQUEST', "Failed to change owner, bots can't own other bots");
  if (bot.bot_owner_id === owner.id) return bot;
  const previous = bot.bot_owner_id === null ? undefined : ctx.db.get('users', bot.bot_owner_id);
  const updated = ctx.db.patch('users', bot.id, { bot_owner_id: owner.id });
  const updateTo = new Set(botAdministratorIds(ctx, updated));
  // Administrators see every bot: they get an update; a previous owner who is not one loses
  // the bot, a new owner who is not one gains it.
  if (previous && !isAdmin(previous)) {
    emit(ctx, [previous.id], { type: 'realm_bot', op: 'delete', bot: { user_id: bot.id } });
    updateTo.delete(previous.id);
  }
  if (!isAdmin(owner)) {
    emit(ctx, [owner.id], { type: 'realm_bot', op: 'add', bot: formatBot(ctx, updated) });
    updateTo.delete(owner.id);
  }
  emitBotUpdate(ctx, updated, { owner_id: owner.id }, updateTo);
  emit(ctx, activeUserIds(ctx), {
    type: 'realm_user',
    op: 'update',
    person: { user_id: bot.id, bot_owner_id: owner.id },
  });
  return updated;
}

/**
 * PATCH /bots/{bot_id}: changes a bot its owner or an administrator administers, in the real
 * server's order: the name (an unchanged name is ignored; another active account's is `Name
 * is already in use!`), the role (administrators; owners for the owner role), the owner, the
 * default channels (`""` for none), the outgoing-webhook service, the configuration. Each
 * change emits its `realm_bot update` (and `realm_user update` for what everyone sees); a
 * failed request changes nothing.
 *
 * @see https://zulip.com/api/register-queue
 */
export function updateBot(params: OperationParams<'bots.update'>, ctx: UserContext) {
  let bot = accessBot(ctx, params.bot_id);
  if (params.full_name !== undefined) {
    const fullName = checkFullName(ctx, params.full_name, bot.id);
    if (fullName !== bot.full_name) {
      if (isNameOfActiveUser(ctx, fullName)) throw new ApiError('BAD_REQUEST', 'Name is already in use!');
      bot = changeFullName(ctx, bot, fullName);
    }
  }
  if (params.role !== undefined && params.role !== bot.role) {
    if (!ROLES.includes(params.role))
      throw new ApiError('BAD_REQUEST', 'Invalid role', { extra: { var_name: 'role' } });
    if ((params.role === 100 || bot.role === 100) && !isOwner(ctx.user))
      throw new ApiError('UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
    if (!isAdmin(ctx.user)) throw new ApiError('UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
    bot = changeRole(ctx, bot, params.role as UserRecord['role']);
  }
  if (params.bot_owner_id !== undefined) bot = changeOwner(ctx, bot, params.bot_owner_id);
  if (params.default_sending_stream !== undefined) {
    const id = params.default_sending_stream === '' ? null : accessChannelByName(ctx, params.default_sending_stream).id;
    bot = ctx.db.patch('users', bot.id, { default_sending_stream_id: id });
    emitBotUpdate(ctx, bot, { default_sending_stream: channelNameOf(ctx, id) });
  }
  if (params.default_events_register_stream !== undefined) {
    const id =
      params.default_events_register_stream === ''
        ? null
        : accessChannelByName(ctx, params.default_events_register_stream).id;
    bot = ctx.db.patch('users', bot.id, { default_events_register_stream_id: id });
    emitBotUpdate(ctx, bot, { default_events_register_stream: channelNameOf(ctx, id) });
  }
  if (params.default_all_public_streams !== undefined) {
    bot = ctx.db.patch('users', bot.id, { default_all_public_streams: params.default_all_public_streams });
    emitBotUpdate(ctx, bot, { default_all_public_streams: params.default_all_public_streams });
  }
  if (params.service_payload_url !== undefined) {
    checkPayloadUrl(params.service_payload_url, 'service_payload_url');
    checkInterfaceType(params.service_interface);
    if (bot.bot_type !== BOT_TYPES.outgoingWebhook || !bot.service)
      throw new ApiError('BAD_REQUEST', 'This bot has no outgoing webhook service');
    bot = ctx.db.patch('users', bot.id, {
      service: { ...bot.service, base_url: params.service_payload_url, interface: params.service_interface },
    });
    emitBotUpdate(ctx, bot, { services: botServices(bot) });
  }
  if (params.config_data !== undefined) {
    bot = ctx.db.patch('users', bot.id, { bot_config: { ...bot.bot_config, ...params.config_data } });
    emitBotUpdate(ctx, bot, { services: botServices(bot) });
  }
  const owner = bot.bot_owner_id === null ? undefined : ctx.db.get('users', bot.bot_owner_id);
  return {
    full_name: bot.full_name,
    avatar_url: avatarUrl(bot, ctx.config.realmUrl),
    service_interface: params.service_interface,
    service_payload_url: params.service_payload_url ?? null,
    config_data: params.config_data ?? null,
    default_sending_stream: channelNameOf(ctx, bot.default_sending_stream_id),
    default_events_register_stream: channelNameOf(ctx, bot.default_events_register_stream_id),
    default_all_public_streams: bot.default_all_public_streams ?? false,
    ...(owner ? { bot_owner: owner.email } : {}),
  };
}
