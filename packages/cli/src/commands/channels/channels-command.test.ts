import { describe, expect, it } from 'vitest';
import { routes, success, type RecordedRequest } from '../../../test/helpers/fake-fetch.js';
import { CONNECTION, run } from '../../../test/helpers/run-in-process.js';

const channel = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  stream_id: id,
  name,
  description: `About ${name}`,
  invite_only: false,
  is_web_public: false,
  is_archived: false,
  subscriber_count: id * 2,
  ...extra,
});

const members = [
  {
    user_id: 4,
    email: 'user4@chat.example.com',
    delivery_email: 'mike@example.com',
    full_name: 'Mike',
    role: 400,
    is_active: true,
    is_bot: false,
  },
  {
    user_id: 5,
    email: 'maya@example.com',
    delivery_email: null,
    full_name: 'Maya',
    role: 300,
    is_active: true,
    is_bot: false,
  },
];

function sent(request: RecordedRequest | undefined): Record<string, string> {
  return Object.fromEntries(request?.params ?? []);
}

describe('teamchat channels list', () => {
  const streams = [
    channel(2, 'engineering', { invite_only: true, description: 'x'.repeat(80) }),
    channel(1, 'general', { is_default: true }),
  ];
  const server = routes({ 'GET /streams': success({ streams }) });

  it('prints the channels by id with privacy, subscriber count and a shortened description', async () => {
    const result = await run([...CONNECTION, 'channels', 'list'], { server });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      [
        'ID  NAME         PRIVATE  WEB-PUBLIC  SUBSCRIBERS  DESCRIPTION',
        ' 1  general      no       no                    2  About general',
        ` 2  engineering  yes      no                    4  ${'x'.repeat(49)}…`,
        '',
      ].join('\n'),
    );
    expect(sent(result.requests[0])).toEqual({});
  });

  it('maps its flags to the include_* parameters and adds the DEFAULT and ARCHIVED columns', async () => {
    const result = await run(
      [...CONNECTION, 'channels', 'list', '--all', '--archived', '--web-public', '--default', '--subscribed-only'],
      { server },
    );
    expect(sent(result.requests[0])).toEqual({
      include_all: 'true',
      exclude_archived: 'false',
      include_web_public: 'true',
      include_default: 'true',
      include_public: 'false',
    });
    expect(result.stdout.split('\n')[0]).toBe(
      'ID  NAME         PRIVATE  WEB-PUBLIC  DEFAULT  ARCHIVED  SUBSCRIBERS  DESCRIPTION',
    );
    expect(result.stdout.split('\n')[1]).toMatch(/^ 1 {2}general {6}no {7}no {10}yes {6}no/);
  });

  it('prints the response as JSON with --json', async () => {
    const result = await run([...CONNECTION, '--json', 'channels', 'list'], { server });
    expect((JSON.parse(result.stdout) as { streams: { stream_id: number }[] }).streams.map((s) => s.stream_id)).toEqual(
      [1, 2],
    );
  });
});

describe('teamchat channels create', () => {
  const server = routes({
    'GET /users': success({ members }),
    'GET /users/me': success({ user_id: 1 }),
    'POST /channels/create': success({ id: 17 }),
  });

  it('sends the options as contract parameters, resolving subscriber emails to ids, and prints the new id', async () => {
    const result = await run(
      [
        ...CONNECTION,
        'channels',
        'create',
        'design',
        '--description',
        'Design *reviews*',
        '--private',
        '--announce',
        '--subscribers',
        '3, MIKE@example.com,maya@example.com,3',
      ],
      { server },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('Created channel design with id 17\n');
    const create = result.requests.find((r) => r.path === '/channels/create');
    // The caller (user 1) first: the creator stays in its own private channel.
    expect(sent(create)).toEqual({
      name: 'design',
      subscribers: '[1,3,4,5]',
      description: 'Design *reviews*',
      invite_only: 'true',
      announce: 'true',
    });
  });

  it('subscribes only the caller when --subscribers is not given', async () => {
    const result = await run([...CONNECTION, 'channels', 'create', 'solo', '--web-public', '--default', '--json'], {
      server,
    });
    expect(JSON.parse(result.stdout)).toEqual({ id: 17 });
    expect(result.requests.map((r) => r.path)).toEqual(['/users/me', '/channels/create']);
    expect(sent(result.requests[1])).toEqual({
      name: 'solo',
      subscribers: '[1]',
      is_web_public: 'true',
      is_default_stream: 'true',
    });
  });

  it('exits with code 2 for a subscriber that is neither an id nor a known email, before creating anything', async () => {
    const unknown = await run([...CONNECTION, 'channels', 'create', 'x', '--subscribers', 'nobody@example.com'], {
      server,
    });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      'error: --subscribers: no user has the email nobody@example.com\nhint: teamchat users list shows every user and email\n',
    );
    expect(unknown.requests.map((r) => r.path)).toEqual(['/users']);
    const garbage = await run([...CONNECTION, 'channels', 'create', 'x', '--subscribers', 'mike'], { server });
    expect(garbage.code).toBe(2);
    expect(garbage.requests).toEqual([]);
  });

  it('leaves the caller out with --no-join, and does not add them twice', async () => {
    const without = await run(
      [...CONNECTION, 'channels', 'create', 'design', '--private', '--subscribers', '4', '--no-join'],
      { server },
    );
    expect(sent(without.requests.find((r) => r.path === '/channels/create'))).toMatchObject({ subscribers: '[4]' });
    const twice = await run([...CONNECTION, 'channels', 'create', 'design', '--subscribers', '4,1'], { server });
    expect(sent(twice.requests.find((r) => r.path === '/channels/create'))).toMatchObject({ subscribers: '[4,1]' });
  });

  it('prints the request instead of sending it with --dry-run', async () => {
    const result = await run([...CONNECTION, 'channels', 'create', 'design', '--subscribers', '4', '--dry-run'], {
      server,
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      'dry run: nothing was sent\nPOST /api/v1/channels/create (channels.create)\n  name=design\n  subscribers=[1,4]\n',
    );
    // Only the read that finds who "you" are.
    expect(result.requests.map((r) => r.path)).toEqual(['/users/me']);
  });
});
