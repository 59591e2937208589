import { defineEndpoint } from '@teamchat/schema';
import { z } from 'zod';
import { joinBigBlueButtonCall } from '../calls/bigbluebutton.js';
import { pageHandler } from '../dispatch/handler.js';

/**
 * GET `/calls/bigbluebutton/join?bigbluebutton=<signed meeting>` (below the site): the join
 * link of GET /calls/bigbluebutton/create. Answers where to send the caller (the REST layer
 * redirects there), or the real server's error.
 */
export const joinBigBlueButtonPage = defineEndpoint({
  name: 'pages.joinBigBlueButton',
  method: 'GET',
  path: '/calls/bigbluebutton/join',
  access: 'user',
  summary: 'Join a BigBlueButton call.',
  params: z.object({ bigbluebutton: z.string() }),
  response: z.object({ location: z.string() }),
  errors: ['BAD_REQUEST'],
});

/** Creates the meeting on the BigBlueButton server and answers the caller's join URL. */
export const joinBigBlueButtonHandler = pageHandler(joinBigBlueButtonPage, joinBigBlueButtonCall, {
  readOnly: true,
  ports: ['outbound'],
});
