export { addPlayground } from './add-playground.js';
export { removePlayground } from './remove-playground.js';
