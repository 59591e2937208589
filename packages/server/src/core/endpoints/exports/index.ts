import { createRealmExportImpl } from './create-realm-export.js';
import { listRealmExportsImpl } from './list-realm-exports.js';
import { listExportConsentsImpl } from './list-export-consents.js';

/** The handlers of the `exports` contracts (organization data exports). */
export const realmExports = [createRealmExportImpl, listRealmExportsImpl, listExportConsentsImpl] as const;
