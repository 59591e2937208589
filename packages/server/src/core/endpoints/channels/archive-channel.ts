import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { archiveChannelOperation } from '../../channels/archive-channel.js';

/** DELETE /streams/{stream_id}: {@link archiveChannelOperation}. */
export const archiveChannelImpl = implement(endpoints['channels.archive'], archiveChannelOperation);
