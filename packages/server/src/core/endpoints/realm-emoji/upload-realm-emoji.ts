import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { uploadRealmEmoji } from '../../realm-emoji/realm-emoji.js';

/** POST /realm/emoji/{emoji_name}: {@link uploadRealmEmoji}. */
export const uploadRealmEmojiImpl = implement(endpoints['realmEmoji.upload'], uploadRealmEmoji, { ownTransactions: true });
