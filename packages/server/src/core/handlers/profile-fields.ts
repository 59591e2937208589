import { areaHandlers } from '../dispatch/handler.js';
import {
  createProfileField,
  deleteProfileField,
  reorderProfileFields,
  updateProfileField,
} from '../profile-fields/profile-field-admin.js';

/** The handlers of the `profile-fields` contracts (schema/src/endpoints/profile-fields/). */
export const profileFieldsHandlers = areaHandlers(
  'profileFields',
  { ports: [] },
  {
    'profileFields.create': { operation: createProfileField },
    'profileFields.remove': { operation: deleteProfileField },
    'profileFields.reorder': { operation: reorderProfileFields },
    'profileFields.update': { operation: updateProfileField },
  },
);
