import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { updateProfileField } from '../../users/profile-field-admin.js';

/** PATCH /realm/profile_fields/{field_id}: {@link updateProfileField}. */
export const updateProfileFieldImpl = implement(endpoints['profileFields.update'], updateProfileField);
