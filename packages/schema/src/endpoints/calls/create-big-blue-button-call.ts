import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * GET /calls/bigbluebutton/create: a BigBlueButton call's join URL,
 * `/calls/bigbluebutton/join?bigbluebutton=<signed meeting>` below the site, the caller its
 * moderator. `BigBlueButton is not configured.` while the operator has configured none
 * (`--bigbluebutton-url`, `--bigbluebutton-secret`).
 */
export const createBigBlueButtonCall = defineEndpoint({
  name: 'calls.createBigBlueButton',
  method: 'GET',
  path: '/calls/bigbluebutton/create',
  access: 'user',
  summary: 'Create a BigBlueButton video call URL.',
  docs: 'create-big-blue-button-video-call',
  params: z.object({
    meeting_name: z.string(),
    /** Cameras off for everyone; only the moderator may turn them on (FL 337). */
    voice_only: z.boolean().default(false),
  }),
  response: z.looseObject({ url: z.string() }),
  errors: ['BAD_REQUEST'],
});
