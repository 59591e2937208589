import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { createRealmExport } from '../../seed/realm-exports.js';

/** POST /export/realm: {@link createRealmExport}. */
export const createRealmExportImpl = implement(endpoints['exports.create'], createRealmExport);
