export { createBigBlueButtonCall } from './create-big-blue-button-call.js';
