import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { markAllAsRead } from '../../messages/mark-as-read.js';

/** POST /mark_all_as_read: {@link markAllAsRead}. */
export const markAllAsReadImpl = implement(endpoints['messages.markAllAsRead'], markAllAsRead, { ownTransactions: true });
