import { endpoints } from '@teamchat/schema';
import { implement } from '../../procedure/implement.js';
import { createBigBlueButtonCall } from '../../calls/bigbluebutton.js';

/** GET /calls/bigbluebutton/create: {@link createBigBlueButtonCall}. */
export const createBigBlueButtonCallImpl = implement(endpoints['calls.createBigBlueButton'], createBigBlueButtonCall);
