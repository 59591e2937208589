export { createRealmExport } from './create-realm-export.js';
export { listRealmExports } from './list-realm-exports.js';
export { listExportConsents } from './list-export-consents.js';
