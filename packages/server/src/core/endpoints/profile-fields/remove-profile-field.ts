import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { deleteProfileField } from '../../users/profile-field-admin.js';

/** DELETE /realm/profile_fields/{field_id}: {@link deleteProfileField}. */
export const removeProfileFieldImpl = implement(endpoints['profileFields.remove'], deleteProfileField);
