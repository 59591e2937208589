import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { createProfileField } from '../../users/profile-field-admin.js';

/** POST /realm/profile_fields: {@link createProfileField}. */
export const createProfileFieldImpl = implement(endpoints['profileFields.create'], createProfileField);
