import { ApiError } from '@teamchat/schema';
import { emit } from '../events/emit.js';
import { randomAlphanumeric } from '../internal/random.js';
import { avatarUrl } from '../model/avatar.js';
import { botAdministratorIds } from '../model/bot-administrators.js';
import type { OperationParams, UserContext } from '../runtime/context.js';
import { createUser } from '../model/create-user.js';
import { serverEmailDomain } from '../model/email-visibility.js';
import { announceNewUser } from '../users/add-user.js';
import { checkFullName, isNameOfActiveUser } from '../users/full-name.js';
import { emitSystemGroupChanges } from '../users/role-change.js';
import { BOT_TYPES, checkBotCreation, checkInterfaceType, checkPayloadUrl } from './bot-types.js';
import { accessChannelByName } from './default-channels.js';
import { channelNameOf, formatBot } from './format-bot.js';

/** The local part of an address (RFC 5322 dot-atom), as Django's email validator admits it. */
const LOCAL_PART = /^[-!#$%&'*+/=?^_`{}|~0-9A-Za-z]+(\.[-!#$%&'*+/=?^_`{}|~0-9A-Za-z]+)*$/;

/**
 * POST /bots: creates a bot owned by the caller, in the real server's order of checks: the
 * short name (`Bad name or username`), the full name, embedded bots (`Embedded bots are not
 * enabled.`), the address (`Username already in use`), the name (`Name is already in use!`),
 * who may create which type, the interface, the default channels. Outgoing-webhook bots get
 * their service with a fixed alphanumeric token. Events: `realm_user add` to everyone,
 * `realm_bot add` to the bot's administrators, the system-group memberships.
 *
 * @see https://zulip.com/api/register-queue
 */
export function createBot(params: OperationParams<'bots.create'>, ctx: UserContext) {
  const shortName = params.short_name.trim();
  if (shortName === '') throw new ApiError('BAD_REQUEST', 'Bad name or username');
  const serviceName =
    params.bot_type !== BOT_TYPES.incomingWebhook ? (params.service_name ?? shortName) : params.service_name;
  const fullName = checkFullName(ctx, params.full_name, null);
  if (params.bot_type === BOT_TYPES.embedded) throw new ApiError('BAD_REQUEST', 'Embedded bots are not enabled.');
  const local = `${shortName}-bot`;
  if (!LOCAL_PART.test(local)) throw new ApiError('BAD_REQUEST', 'Bad name or username');
  const email = `${local}@${serverEmailDomain(ctx.config)}`;
  if (ctx.indexes.usersByEmail.has(email.toLowerCase())) throw new ApiError('BAD_REQUEST', 'Username already in use');
  if (isNameOfActiveUser(ctx, fullName)) throw new ApiError('BAD_REQUEST', 'Name is already in use!');
  checkBotCreation(ctx, params.bot_type);
  checkInterfaceType(params.interface_type);
  if (params.payload_url !== '') checkPayloadUrl(params.payload_url, 'payload_url');
  const sending =
    params.default_sending_stream === undefined ? null : accessChannelByName(ctx, params.default_sending_stream);
  const events =
    params.default_events_register_stream === undefined
      ? null
      : accessChannelByName(ctx, params.default_events_register_stream);

  const service =
    params.bot_type === BOT_TYPES.outgoingWebhook
      ? {
          base_url: params.payload_url,
          token: randomAlphanumeric(32, ctx.random),
          interface: params.interface_type,
          name: serviceName ?? shortName,
        }
      : null;
  const created = createUser(ctx, {
    email,
    fullName,
    role: 400,
    passwordHash: null,
    bot: { type: params.bot_type as 1 | 2 | 3, ownerId: ctx.user.id, service },
  });
  const config: Record<string, string> =
    params.bot_type === BOT_TYPES.incomingWebhook
      ? { ...params.config_data, ...(serviceName ? { integration_id: serviceName } : {}) }
      : {};
  const bot = ctx.db.patch('users', created.id, {
    default_sending_stream_id: sending?.id ?? null,
    default_events_register_stream_id: events?.id ?? null,
    default_all_public_streams: params.default_all_public_streams ?? false,
    ...(Object.keys(config).length > 0 ? { bot_config: config } : {}),
  });
  announceNewUser(ctx, bot);
  emitSystemGroupChanges(ctx, null, bot);
  emit(ctx, botAdministratorIds(ctx, bot), { type: 'realm_bot', op: 'add', bot: formatBot(ctx, bot) });
  return {
    user_id: bot.id,
    api_key: bot.api_key,
    avatar_url: avatarUrl(bot, ctx.config.realmUrl),
    default_sending_stream: channelNameOf(ctx, bot.default_sending_stream_id),
    default_events_register_stream: channelNameOf(ctx, bot.default_events_register_stream_id),
    default_all_public_streams: bot.default_all_public_streams ?? false,
  };
}
