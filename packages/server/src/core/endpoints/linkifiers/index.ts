import { addLinkifierImpl } from './add-linkifier.js';
import { listLegacyLinkifiersImpl } from './list-legacy-linkifiers.js';
import { listLinkifiersImpl } from './list-linkifiers.js';
import { removeLinkifierImpl } from './remove-linkifier.js';
import { reorderLinkifiersImpl } from './reorder-linkifiers.js';
import { updateLinkifierImpl } from './update-linkifier.js';

/** The handlers of the `linkifiers` contracts, in the order of the schema's table. */
export const linkifiers = [
  listLinkifiersImpl,
  listLegacyLinkifiersImpl,
  addLinkifierImpl,
  updateLinkifierImpl,
  removeLinkifierImpl,
  reorderLinkifiersImpl,
] as const;
