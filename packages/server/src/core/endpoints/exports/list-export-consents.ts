import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { listExportConsents } from '../../seed/realm-exports.js';

/** GET /export/realm/consents: {@link listExportConsents}. */
export const listExportConsentsImpl = implement(endpoints['exports.consents'], listExportConsents);
