export { addAlertWords } from './add-alert-words.js';
export { listAlertWords } from './list-alert-words.js';
export { removeAlertWords } from './remove-alert-words.js';
