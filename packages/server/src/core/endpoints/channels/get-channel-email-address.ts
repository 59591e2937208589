import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { getChannelEmailAddress } from '../../channels/channel-email-address.js';

/** GET /streams/{stream_id}/email_address: {@link getChannelEmailAddress}. */
export const getChannelEmailAddressImpl = implement(endpoints['channels.getEmailAddress'], getChannelEmailAddress);
