import { describe, expect, it } from 'vitest';
import { routes, success } from '../../../test/helpers/fake-fetch.js';
import { CONNECTION, run } from '../../../test/helpers/run-in-process.js';

const server = routes({
  'PATCH /settings': success(),
  'PATCH /realm/user_settings_defaults': success(),
});

describe('teamchat settings set', () => {
  it('sends PATCH /settings with the values in their wire form', async () => {
    const result = await run(
      [
        ...CONNECTION,
        'settings',
        'set',
        'twenty_four_hour_time=true',
        'color_scheme=2',
        'web_home_view=inbox',
        'timezone=Europe/Berlin',
      ],
      { server },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('Updated twenty_four_hour_time, color_scheme, web_home_view, timezone\n');
    expect(result.requests).toHaveLength(1);
    expect(result.requests[0]?.method).toBe('PATCH');
    expect(result.requests[0]?.path).toBe('/settings');
    expect(Object.fromEntries(result.requests[0]?.params ?? [])).toEqual({
      twenty_four_hour_time: 'true',
      color_scheme: '2',
      web_home_view: 'inbox',
      timezone: 'Europe/Berlin',
    });
  });

  it('changes the organization defaults with --realm-default', async () => {
    const result = await run([...CONNECTION, 'settings', 'set', '--realm-default', 'emojiset=text'], { server });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('Updated the organization default of emojiset\n');
    expect(result.requests[0]?.path).toBe('/realm/user_settings_defaults');
  });

  it('rejects an unknown setting with the close matches, before any request or configuration (exit 2)', async () => {
    const result = await run(['settings', 'set', 'twenty_four_hour_tim=true']);
    expect(result).toMatchObject({
      code: 2,
      stderr:
        "error: unknown setting 'twenty_four_hour_tim' for settings.update (PATCH /settings)\nhint: did you mean twenty_four_hour_time?\n",
      requests: [],
    });
  });

  it('rejects settings that only exist personally when changing the defaults', async () => {
    const result = await run(['settings', 'set', '--realm-default', 'timezone=UTC']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown setting 'timezone' for settings.updateRealmDefaults");
  });

  it("rejects a bad value with the codec's message, before any request (exit 2)", async () => {
    const notBoolean = await run(['settings', 'set', 'twenty_four_hour_time=5']);
    expect(notBoolean.code).toBe(2);
    expect(notBoolean.stderr).toMatch(
      /^error: invalid arguments for settings\.update: twenty_four_hour_time is not a boolean\n/,
    );
    const badBatching = await run(['settings', 'set', 'email_notifications_batching_period_seconds=0']);
    expect(badBatching.stderr).toContain('Invalid email batching period: 0 seconds');
    const badChoice = await run(['settings', 'set', 'web_home_view=home']);
    expect(badChoice.stderr).toContain('Invalid web_home_view');
    expect([notBoolean, badBatching, badChoice].flatMap((r) => r.requests)).toEqual([]);
  });

  it('rejects arguments that are not NAME=VALUE (exit 2)', async () => {
    const result = await run(['settings', 'set', 'twenty_four_hour_time']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("error: expected NAME=VALUE, got 'twenty_four_hour_time'");
  });

  it('prints what would be sent with --dry-run, as text or JSON, and sends nothing', async () => {
    const text = await run(['settings', 'set', 'twenty_four_hour_time=true', 'emojiset=text', '--dry-run']);
    expect(text).toMatchObject({
      code: 0,
      stdout:
        'dry run: nothing was sent\nPATCH /api/v1/settings (settings.update)\n  twenty_four_hour_time=true\n  emojiset=text\n',
      requests: [],
    });
    const json = await run(['settings', 'set', 'new_password=hunter2', 'old_password=x', '--dry-run', '--json']);
    expect(JSON.parse(json.stdout)).toEqual({
      dry_run: true,
      endpoint: 'settings.update',
      method: 'PATCH',
      path: '/settings',
      params: { new_password: '[REDACTED]', old_password: '[REDACTED]' },
    });
  });

  it('passes an API error through with exit code 1', async () => {
    const result = await run([...CONNECTION, 'settings', 'set', 'default_language=en'], {
      server: routes({
        'PATCH /settings': {
          status: 400,
          json: { result: 'error', code: 'BAD_REQUEST', msg: 'This endpoint does not accept bot requests.' },
        },
      }),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('error: BAD_REQUEST: This endpoint does not accept bot requests.\n');
  });

  it('warns on stderr about parameters the server ignored', async () => {
    const result = await run([...CONNECTION, 'settings', 'set', 'hide_ai_features=true'], {
      server: routes({ 'PATCH /settings': success({ ignored_parameters_unsupported: ['hide_ai_features'] }) }),
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      'warning: PATCH /settings: the server ignored unsupported parameters hide_ai_features\n',
    );
  });
});
