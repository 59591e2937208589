import type { AreaHandlers } from '../dispatch/handler.js';
import { deactivateRealmEmoji, listRealmEmoji, uploadRealmEmoji } from '../realm-emoji/realm-emoji.js';

/** The handlers of the `realm-emoji` contracts (schema/src/endpoints/realm-emoji/). */
export const realmEmojiHandlers = {
  'realmEmoji.deactivate': { operation: deactivateRealmEmoji },
  'realmEmoji.list': { operation: listRealmEmoji },
  'realmEmoji.upload': { operation: uploadRealmEmoji, ownTransactions: true },
} satisfies AreaHandlers<'realmEmoji'>;
