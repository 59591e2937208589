import { updateRealmImpl } from './update-realm.js';

/** The handlers of the `realm` contracts, in the order of the schema's table. */
export const realm = [updateRealmImpl] as const;
