import { ApiError } from '@teamchat/schema';
import { hmacSha256Base64Url } from '../internal/sha256.js';
import type { OperationParams, Services, UserContext } from '../model/context.js';

/** The meeting a join link stands for, signed so that no user can tamper with it. */
interface BigBlueButtonMeeting {
  meeting_id: string;
  name: string;
  lock_settings_disable_cam: boolean;
  moderator: number;
}

const SALT = 'teamchat.calls.bigbluebutton';
const base64Url = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** The configured server and secret, or the real server's error when either is missing. */
function configured(services: Pick<Services, 'config'>): { url: string; secret: string } {
  const { bigBlueButtonUrl: url, bigBlueButtonSecret: secret } = services.config;
  if (url === null || secret === null) throw new ApiError('BAD_REQUEST', 'BigBlueButton is not configured.');
  return { url, secret };
}

/**
 * Signs `meeting` as Django's `Signer.sign_object` lays it out (`<base64url JSON>:<signature>`),
 * with an HMAC-SHA256 keyed by the BigBlueButton secret.
 */
async function signMeeting(secret: string, meeting: BigBlueButtonMeeting): Promise<string> {
  const value = base64Url(JSON.stringify(meeting));
  return `${value}:${await hmacSha256Base64Url(`${SALT}:${secret}`, value)}`;
}

/**
 * GET /calls/bigbluebutton/create, as the real server's `get_bigbluebutton_url`: a meeting ID
 * `zulip-<12 digits>`, and the join link `/calls/bigbluebutton/join?bigbluebutton=<signed>`
 * carrying the meeting's name, whether cameras are off (`voice_only`) and the caller as its
 * moderator. While no BigBlueButton server is configured it answers `BigBlueButton is not
 * configured.` (the real server's answer to the link, given here at once).
 */
export async function createBigBlueButtonCall(params: OperationParams<'calls.createBigBlueButton'>, ctx: UserContext) {
  const { secret } = configured(ctx);
  const digits = [...ctx.random(12)].map((byte) => String(byte % 10)).join('');
  const meetingId = `zulip-${digits.replace(/^0/, '1')}`;
  const signed = await signMeeting(secret, { meeting_id: meetingId, name: params.meeting_name, lock_settings_disable_cam: params.voice_only, moderator: ctx.user.id });
  return { url: `/calls/bigbluebutton/join?bigbluebutton=${signed}` };
}

