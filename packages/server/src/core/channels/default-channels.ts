import { ApiError } from '@teamchat/schema';
import type { StateBlock } from '../events/state-block.js';
import { accessChannelById } from '../model/channel-access.js';
import type { OperationParams, UserContext } from '../runtime/context.js';
import { isGuest } from '../model/roles.js';
import { emitDefaultChannels } from './channel-events.js';

/**
 * The `default_streams` block: IDs of the default channels (FL 330); guests get an empty
 * list, since they may not see them all.
 */
export const defaultStreamsState: StateBlock = {
  eventTypes: ['default_streams'],
  fetch(ctx) {
    if (isGuest(ctx.user)) return { realm_default_streams: [] };
    const ids = [...ctx.db.all('channels')]
      .filter((channel) => channel.is_default && !channel.is_archived)
      .map((channel) => channel.id);
    return { realm_default_streams: ids.sort((a, b) => a - b) };
  },
};

/**
 * POST /default_streams: an administrator makes a channel one new users join. Private
 * channels cannot be default. Event `default_streams` to members when the set changes.
 */
export function addDefaultChannel(params: OperationParams<'defaultChannels.add'>, ctx: UserContext) {
  const channel = accessChannelById(ctx, ctx.user, params.stream_id, { metadataOnly: true });
  if (channel.invite_only) throw new ApiError('BAD_REQUEST', 'Private channels cannot be made default.');
  if (!channel.is_default) {
    ctx.db.patch('channels', channel.id, { is_default: true });
    emitDefaultChannels(ctx);
  }
  return {};
}

/** DELETE /default_streams: an administrator removes a channel from the default channels. */
export function removeDefaultChannel(params: OperationParams<'defaultChannels.remove'>, ctx: UserContext) {
  const channel = accessChannelById(ctx, ctx.user, params.stream_id, { metadataOnly: true, allowArchived: true });
  if (channel.is_default) {
    ctx.db.patch('channels', channel.id, { is_default: false });
    emitDefaultChannels(ctx);
  }
  return {};
}
