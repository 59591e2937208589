export { deactivateRealmEmoji } from './deactivate-realm-emoji.js';
export { listRealmEmoji } from './list-realm-emoji.js';
export { uploadRealmEmoji } from './upload-realm-emoji.js';
