import { ApiError } from '@teamchat/schema';
import { constantTimeEqual } from '../internal/constant-time.js';
import { hmacSha256Base64Url, sha256Hex } from '../internal/sha256.js';
import type { OperationParams, UserContext } from '../runtime/context.js';
import type { Services } from '../runtime/services.js';

/** The meeting a join link stands for, signed so that no user can tamper with it. */
interface BigBlueButtonMeeting {
  meeting_id: string;
  name: string;
  lock_settings_disable_cam: boolean;
  moderator: number;
}

const SALT = 'teamchat.calls.bigbluebutton';
const base64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

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
  const signed = await signMeeting(secret, {
    meeting_id: meetingId,
    name: params.meeting_name,
    lock_settings_disable_cam: params.voice_only,
    moderator: ctx.user.id,
  });
  return { url: `/calls/bigbluebutton/join?bigbluebutton=${signed}` };
}

/** The meeting of a join link, when its signature is this server's (else `Invalid signature.`). */
async function unsignMeeting(secret: string, signed: string): Promise<BigBlueButtonMeeting> {
  const colon = signed.lastIndexOf(':');
  const value = signed.slice(0, colon);
  const invalid = new ApiError('BAD_REQUEST', 'Invalid signature.');
  if (colon < 0 || !constantTimeEqual(await hmacSha256Base64Url(`${SALT}:${secret}`, value), signed.slice(colon + 1)))
    throw invalid;
  try {
    const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
    const meeting = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0))),
    ) as BigBlueButtonMeeting;
    if (typeof meeting.meeting_id !== 'string' || typeof meeting.name !== 'string') throw invalid;
    return meeting;
  } catch {
    throw invalid;
  }
}

/** Python's `urlencode(..., quote_via=quote)`: only letters, digits and `_.-~` stay as they are; booleans as `True`/`False`. */
function urlencode(fields: Record<string, string | boolean>): string {
  const quote = (text: string) =>
    encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return Object.entries(fields)
    .map(([key, value]) => `${quote(key)}=${quote(typeof value === 'boolean' ? (value ? 'True' : 'False') : value)}`)
    .join('&');
}

/** A BigBlueButton API call's query with its checksum: SHA-256 of call name, query and shared secret (the BigBlueButton API's rule). */
async function signedCall(
  call: 'create' | 'join',
  fields: Record<string, string | boolean>,
  secret: string,
): Promise<string> {
  const query = urlencode(fields);
  return `${query}&checksum=${await sha256Hex(call + query + secret)}`;
}

const xmlField = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];

/**
 * GET /calls/bigbluebutton/join (a page, below the site), as the real `join_bigbluebutton`:
 * checks the link's signature, creates the meeting on the BigBlueButton server (`api/create`
 * with its checksum) and answers where to go: `api/join` for the caller, signed likewise, as
 * `MODERATOR` when they created the call and `VIEWER` otherwise. Errors are the real server's:
 * not configured, `Invalid signature.`, `Error connecting to the BigBlueButton server.`,
 * `Error authenticating to the BigBlueButton server.` (a checksum error),
 * `BigBlueButton server returned an unexpected error.`
 */
export async function joinBigBlueButtonCall(
  params: { bigbluebutton: string },
  ctx: UserContext<'outbound'>,
): Promise<{ location: string }> {
  const { url, secret } = configured(ctx);
  const meeting = await unsignMeeting(secret, params.bigbluebutton);
  const create = await signedCall(
    'create',
    { meetingID: meeting.meeting_id, name: meeting.name, lockSettingsDisableCam: meeting.lock_settings_disable_cam },
    secret,
  );
  const answer = await ctx.outbound({
    url: `${url}api/create?${create}`,
    method: 'GET',
    headers: {},
    body: '',
    timeoutMs: 15_000,
  });
  if (answer.kind !== 'response' || answer.status < 200 || answer.status >= 300)
    throw new ApiError('BAD_REQUEST', 'Error connecting to the BigBlueButton server.');
  if (xmlField(answer.body, 'messageKey') === 'checksumError')
    throw new ApiError('BAD_REQUEST', 'Error authenticating to the BigBlueButton server.');
  if (xmlField(answer.body, 'returncode') !== 'SUCCESS')
    throw new ApiError('BAD_REQUEST', 'BigBlueButton server returned an unexpected error.');
  const join = await signedCall(
    'join',
    {
      meetingID: meeting.meeting_id,
      role: meeting.moderator === ctx.user.id ? 'MODERATOR' : 'VIEWER',
      fullName: ctx.user.full_name,
      createTime: xmlField(answer.body, 'createTime') ?? '',
    },
    secret,
  );
  return { location: `${url}api/join?${join}` };
}
