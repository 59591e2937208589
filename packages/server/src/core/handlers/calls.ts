import type { AreaHandlers } from '../dispatch/handler.js';
import { createBigBlueButtonCall } from '../calls/bigbluebutton.js';

/** The handlers of the `calls` contracts (schema/src/endpoints/calls/). */
export const callsHandlers = {
  'calls.createBigBlueButton': { operation: createBigBlueButtonCall },
} satisfies AreaHandlers<'calls'>;
