import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { listRealmExports } from '../../seed/realm-exports.js';

/** GET /export/realm: {@link listRealmExports}. */
export const listRealmExportsImpl = implement(endpoints['exports.list'], listRealmExports);
