import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';

const BBB = { bigBlueButtonUrl: 'https://bbb.example.com/bigbluebutton/', bigBlueButtonSecret: 'bbb-shared-secret' };

/** The meeting a join link carries (its signed part, decoded). */
function meetingOf(url: string): Record<string, unknown> {
  const signed = decodeURIComponent(/[?&]bigbluebutton=([^&]+)/.exec(url)?.[1] ?? '');
  const [value = ''] = signed.split(':');
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)))) as Record<
    string,
    unknown
  >;
}

/** GET /calls/bigbluebutton/create. */
export const callScenarios: Scenario[] = [
  scenario('calls: BigBlueButton is not configured: the real error, for every role', async (t) => {
    const errors = [];
    for (const role of ['owner', 'member', 'guest'] as const)
      errors.push(await failure(t.client(role).calls.createBigBlueButton({ meeting_name: 'standup' })));
    expect(errors).toEqual(
      Array(3).fill({ code: 'BAD_REQUEST', msg: 'BigBlueButton is not configured.', status: 400, extra: {} }),
    );
    const missing = await t.raw('GET', '/calls/bigbluebutton/create', { role: 'member' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'meeting_name' argument" });
    return { errors, missing: missing.body };
  }),

  scenario(
    'calls: a configured BigBlueButton gives a signed join link, the caller its moderator',
    async (t) => {
      const member = await t.client('member').calls.createBigBlueButton({ meeting_name: 'standup', voice_only: true });
      expect(member.url).toMatch(/^\/calls\/bigbluebutton\/join\?bigbluebutton=[\w-]+:[\w-]+$/);
      const meeting = meetingOf(member.url);
      expect(meeting).toEqual({
        meeting_id: expect.stringMatching(/^zulip-\d{12}$/),
        name: 'standup',
        lock_settings_disable_cam: true,
        moderator: t.accounts.member.userId,
      });
      const guest = await t.client('guest').calls.createBigBlueButton({ meeting_name: 'Ünïcode & spaces' });
      expect(meetingOf(guest.url)).toMatchObject({
        name: 'Ünïcode & spaces',
        lock_settings_disable_cam: false,
        moderator: t.accounts.guest.userId,
      });
      const anonymous = await failure(t.client(null).calls.createBigBlueButton({ meeting_name: 'x' }));
      expect(anonymous.status).toBe(401);
      return { shape: Object.keys(meeting), anonymous: anonymous.code };
    },
    { config: BBB },
  ),
];
