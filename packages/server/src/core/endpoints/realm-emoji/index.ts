import { deactivateRealmEmojiImpl } from './deactivate-realm-emoji.js';
import { listRealmEmojiImpl } from './list-realm-emoji.js';
import { uploadRealmEmojiImpl } from './upload-realm-emoji.js';

/** The handlers of the `realm-emoji` contracts, in the order of the schema's table. */
export const realmEmoji = [listRealmEmojiImpl, uploadRealmEmojiImpl, deactivateRealmEmojiImpl] as const;
