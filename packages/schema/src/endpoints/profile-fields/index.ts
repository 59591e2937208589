export { createProfileField } from './create-profile-field.js';
export { removeProfileField } from './remove-profile-field.js';
export { reorderProfileFields } from './reorder-profile-fields.js';
export { updateProfileField } from './update-profile-field.js';
