export { addLinkifier } from './add-linkifier.js';
export { listLegacyLinkifiers } from './list-legacy-linkifiers.js';
export { listLinkifiers } from './list-linkifiers.js';
export { removeLinkifier } from './remove-linkifier.js';
export { reorderLinkifiers } from './reorder-linkifiers.js';
export { updateLinkifier } from './update-linkifier.js';
