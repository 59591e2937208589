import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { reorderProfileFields } from '../../users/profile-field-admin.js';

/** PATCH /realm/profile_fields: {@link reorderProfileFields}. */
export const reorderProfileFieldsImpl = implement(endpoints['profileFields.reorder'], reorderProfileFields);
