import { createBigBlueButtonCallImpl } from './create-big-blue-button-call.js';

/** The handlers of the `calls` contracts. */
export const calls = [createBigBlueButtonCallImpl] as const;
