import { describe, expect, it } from 'vitest';
import { demoFixture } from './demo-organization.js';
import { FixtureError, parseFixture } from './parse-fixture.js';

const base = { teamchat_fixture: 1, organization: { name: 'QA' } };

function problemsOf(value: unknown): readonly string[] {
  try {
    parseFixture(value);
  } catch (error) {
    if (error instanceof FixtureError) return error.problems;
    throw error;
  }
  throw new Error('expected a FixtureError');
}

describe('parseFixture', () => {
  it('fills in the defaults of a minimal fixture', () => {
    const fixture = parseFixture({ ...base, users: [{ email: 'a@qa.example', full_name: 'A' }] });
    expect(fixture.organization).toMatchObject({
      string_id: 'demo',
      description: '',
      date_created: 'now',
      new_stream_announcements_channel: null,
    });
    expect(fixture.users[0]).toMatchObject({ role: 'member', is_active: true, settings: {}, profile: {} });
    expect(fixture.messages).toEqual([]);
  });

  it('accepts the demo organization', () => {
    expect(parseFixture(demoFixture()).users).toHaveLength(6);
  });

  it('names the path of every shape problem', () => {
    expect(
      problemsOf({
        ...base,
        users: [
          { email: 'a@qa.example', full_name: 'A', role: 'boss' },
          { email: 'nope', full_name: 'B', api_key: 'short' },
        ],
        channels: [{ name: 'x', subscribers: [], colour: 'red' }],
        messages: [
          { sender: 'a@qa.example', content: 'hi' },
          { sender: 'a@qa.example', to: ['a@qa.example'], content: 'hi', time: 'yesterday' },
        ],
      }),
    ).toEqual([
      expect.stringMatching(/^users\[0\]\.role: Invalid option: expected one of "owner"\|/),
      'users[1].email: expected an email address',
      'users[1].api_key: expected 32 letters and digits',
      expect.stringMatching(/^channels\[0\]: Unrecognized key: "colour"/),
      'messages[0]: give either channel (with topic) or to (a direct message)',
      expect.stringMatching(/^messages\[1\]\.time: /),
    ]);
  });

  it('names the path of every reference to something the fixture does not define', () => {
    expect(
      problemsOf({
        ...base,
        users: [
          { email: 'a@qa.example', full_name: 'A' },
          { email: 'A@qa.example', full_name: 'A again' },
        ],
        channels: [
          {
            name: 'general',
            folder: 'Nowhere',
            subscribers: ['ghost@qa.example'],
            permissions: { can_send_message_group: 'nobody-group' },
          },
        ],
        user_groups: [{ id: 3, name: 'early' }],
        messages: [{ sender: 'a@qa.example', channel: 'genral', topic: 't', content: 'hi' }],
      }),
    ).toEqual([
      "users[1]: email 'a@qa.example' appears twice",
      'user_groups[0].id: 3 must be above 8 (records are listed in ascending ID order, from 9)',
      "channels[0].folder: no channel folder named 'Nowhere'",
      "channels[0].permissions.can_send_message_group: no user group named 'nobody-group' (user_groups or a system group such as role:members)",
      "channels[0].subscribers[0]: no user with email 'ghost@qa.example' in users",
      "messages[0].channel: no channel named 'genral' in channels",
    ]);
  });

  it('refuses a fixture of a newer format, and says so in one line', () => {
    const error = (() => {
      try {
        parseFixture({ ...base, teamchat_fixture: 2 });
      } catch (caught) {
        return caught as Error;
      }
      return null;
    })();
    expect(error?.message).toBe(
      'invalid fixture: teamchat_fixture: format 2 was written by a newer teamchat (this one reads 1)',
    );
    expect(error?.message).not.toContain('\n');
  });
});
