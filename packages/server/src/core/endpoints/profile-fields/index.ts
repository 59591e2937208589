import { createProfileFieldImpl } from './create-profile-field.js';
import { removeProfileFieldImpl } from './remove-profile-field.js';
import { reorderProfileFieldsImpl } from './reorder-profile-fields.js';
import { updateProfileFieldImpl } from './update-profile-field.js';

/** The handlers of the `profile-fields` contracts, in the order of the schema's table. */
export const profileFields = [
  createProfileFieldImpl,
  reorderProfileFieldsImpl,
  updateProfileFieldImpl,
  removeProfileFieldImpl,
] as const;
