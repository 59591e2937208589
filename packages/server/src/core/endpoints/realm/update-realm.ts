import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { updateRealm } from '../../realm-settings/update-realm.js';

/** PATCH /realm: {@link updateRealm}. */
export const updateRealmImpl = implement(endpoints['realm.update'], updateRealm);
