import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { listCustomProfileFields } from '../../users/custom-profile-fields.js';

/** GET /realm/profile_fields: {@link listCustomProfileFields}. */
export const listCustomProfileFieldsImpl = implement(endpoints['users.listCustomProfileFields'], listCustomProfileFields);
