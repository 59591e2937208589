import { areaHandlers } from '../dispatch/handler.js';
import { createBigBlueButtonCall } from '../calls/bigbluebutton.js';

/**
 * The handlers of the `calls` contracts (schema/src/endpoints/calls/); its ports: joining a
 * BigBlueButton call asks its server.
 */
export const callsHandlers = areaHandlers(
  'calls',
  { ports: ['outbound'] },
  {
    'calls.createBigBlueButton': { operation: createBigBlueButtonCall },
  },
);
