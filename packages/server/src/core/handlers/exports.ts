import type { AreaHandlers } from '../dispatch/handler.js';
import { createRealmExport, listExportConsents, listRealmExports } from '../exports/realm-exports.js';

/** The handlers of the `exports` contracts (schema/src/endpoints/exports/). */
export const realmExportsHandlers = {
  'exports.consents': { operation: listExportConsents },
  'exports.create': { operation: createRealmExport },
  'exports.list': { operation: listRealmExports },
} satisfies AreaHandlers<'realmExports'>;
