import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { deactivateRealmEmoji } from '../../realm-emoji/realm-emoji.js';

/** DELETE /realm/emoji/{emoji_name}: {@link deactivateRealmEmoji}. */
export const deactivateRealmEmojiImpl = implement(endpoints['realmEmoji.deactivate'], deactivateRealmEmoji);
