import { areaHandlers } from '../dispatch/handler.js';
import { deactivateRealmEmoji, listRealmEmoji, uploadRealmEmoji } from '../realm-emoji/realm-emoji.js';

/**
 * The handlers of the `realm-emoji` contracts (schema/src/endpoints/realm-emoji/); its ports: an
 * emoji's image is in the file store, committed once written.
 */
export const realmEmojiHandlers = areaHandlers(
  'realmEmoji',
  { ports: ['files', 'store'] },
  {
    'realmEmoji.deactivate': { operation: deactivateRealmEmoji },
    'realmEmoji.list': { operation: listRealmEmoji },
    'realmEmoji.upload': { operation: uploadRealmEmoji, ownTransactions: true },
  },
);
