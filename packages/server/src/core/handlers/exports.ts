import { areaHandlers } from '../dispatch/handler.js';
import { createRealmExport, listExportConsents, listRealmExports } from '../exports/realm-exports.js';

/**
 * The handlers of the `exports` contracts (schema/src/endpoints/exports/); its ports: an export
 * runs as an outbox job.
 */
export const realmExportsHandlers = areaHandlers(
  'realmExports',
  { ports: ['jobs'] },
  {
    'exports.consents': { operation: listExportConsents },
    'exports.create': { operation: createRealmExport },
    'exports.list': { operation: listRealmExports },
  },
);
