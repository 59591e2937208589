import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { listRealmEmoji } from '../../realm-emoji/realm-emoji.js';

/** GET /realm/emoji: {@link listRealmEmoji}. */
export const listRealmEmojiImpl = implement(endpoints['realmEmoji.list'], listRealmEmoji);
