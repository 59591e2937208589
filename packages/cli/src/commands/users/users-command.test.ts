import { describe, expect, it } from 'vitest';
import { routes, success } from '../../../test/helpers/fake-fetch.js';
import { CONNECTION, run } from '../../../test/helpers/run-in-process.js';

const user = (id: number, name: string, role: number, extra: Record<string, unknown> = {}) => ({
  user_id: id,
  email: `user${id}@chat.example.com`,
  delivery_email: `${name.split(' ')[0]?.toLowerCase() ?? ''}@example.com`,
  full_name: name,
  role,
  is_active: true,
  is_bot: false,
  ...extra,
});

const members = [
  user(1, 'Olivia Owner', 100),
  user(2, 'Adam Admin', 200),
  user(10, 'Gina Guest', 600, { delivery_email: null, is_active: false }),
  user(11, 'Demo Bot', 400, { is_bot: true, role: 999 }),
];
const server = routes({ 'GET /users': success({ members }) });

describe('teamchat users list', () => {
  it('prints an aligned table of id, name, email, role name, active and bot', async () => {
    const result = await run([...CONNECTION, 'users', 'list'], { server });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      [
        'ID  NAME          EMAIL                    ROLE           ACTIVE  BOT',
        ' 1  Olivia Owner  olivia@example.com       owner          yes     no',
        ' 2  Adam Admin    adam@example.com         administrator  yes     no',
        '10  Gina Guest    user10@chat.example.com  guest          no      no',
        '11  Demo Bot      demo@example.com         999            yes     yes',
        '',
      ].join('\n'),
    );
    expect(result.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /users']);
  });

  it('prints the response fields as JSON with --json', async () => {
    const result = await run([...CONNECTION, 'users', 'list', '--json'], { server });
    expect(JSON.parse(result.stdout)).toEqual({ members });
  });

  it('keeps only active accounts with --active', async () => {
    const result = await run([...CONNECTION, 'users', 'list', '--active', '--json'], { server });
    expect((JSON.parse(result.stdout) as { members: { user_id: number }[] }).members.map((m) => m.user_id)).toEqual([
      1, 2, 11,
    ]);
  });
});
