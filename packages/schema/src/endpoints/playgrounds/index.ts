export { addPlayground } from './add-playground.js';
export { listPlaygrounds } from './list-playgrounds.js';
export { removePlayground } from './remove-playground.js';
