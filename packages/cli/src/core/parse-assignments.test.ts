import { endpoints } from '@teamchat/schema';
import { thrownCliError } from './thrown-cli-error.test-helper.js';
import { describe, expect, it } from 'vitest';
import { checkParameterNames, decodeAssignments, parseAssignments } from './parse-assignments.js';

const thrown = thrownCliError;

describe('parseAssignments', () => {
  it('splits each argument at its first =, keeping the value as wire text', () => {
    expect([...parseAssignments(['a=1', 'query=x=y', 'empty='])]).toEqual([
      ['a', '1'],
      ['query', 'x=y'],
      ['empty', ''],
    ]);
  });

  it('rejects an argument without a name or without =, and a name given twice (usage, exit 2)', () => {
    expect(thrown(() => parseAssignments(['oops'])).message).toBe("expected NAME=VALUE, got 'oops'");
    expect(thrown(() => parseAssignments(['=5'])).exitCode).toBe(2);
    expect(thrown(() => parseAssignments(['a=1', 'a=2'])).message).toBe("'a' is given twice");
  });
});

describe('checkParameterNames', () => {
  it('accepts parameters and their aliases', () => {
    expect(() =>
      checkParameterNames(endpoints['users.list'], ['user_ids', 'client_gravatar', 'client_extavatar']),
    ).not.toThrow();
  });

  it('rejects an unknown name with the close matches', () => {
    const error = thrown(() => checkParameterNames(endpoints['settings.update'], ['twenty_four_hour_tim'], 'setting'));
    expect(error.exitCode).toBe(2);
    expect(error.message).toBe("unknown setting 'twenty_four_hour_tim' for settings.update (PATCH /settings)");
    expect(error.hint).toBe('did you mean twenty_four_hour_time?');
  });

  it('lists the known names when nothing is close', () => {
    const error = thrown(() => checkParameterNames(endpoints['users.list'], ['zzzzzzzzzzzz']));
    expect(error.hint).toMatch(/^known parameters: .*\buser_ids\b.*\bclient_gravatar\b/);
  });
});

describe('decodeAssignments', () => {
  it('reads strings raw and everything else as JSON, like the server', () => {
    const params = decodeAssignments(
      endpoints['channels.create'],
      parseAssignments(['name=true', 'subscribers=[1,2]', 'announce=true', 'message_retention_days="unlimited"']),
    );
    expect(params).toEqual({ name: 'true', subscribers: [1, 2], announce: true, message_retention_days: 'unlimited' });
  });

  it('returns only the parameters given, under their contract names (no defaults)', () => {
    expect(decodeAssignments(endpoints['users.list'], parseAssignments(['client_gravatar=false']))).toEqual({
      client_extavatar: false,
    });
    expect(decodeAssignments(endpoints['users.list'], parseAssignments([]))).toEqual({});
  });

  it('takes path parameters from NAME=VALUE or from the path, not both', () => {
    expect(decodeAssignments(endpoints['users.get'], parseAssignments(['user_id=5']))).toEqual({ user_id: 5 });
    expect(decodeAssignments(endpoints['users.get'], parseAssignments([]), { user_id: '5' })).toEqual({ user_id: 5 });
    expect(
      thrown(() => decodeAssignments(endpoints['users.get'], parseAssignments(['user_id=5']), { user_id: '6' }))
        .exitCode,
    ).toBe(2);
  });

  it("reports the codec's message for a bad value (usage, exit 2)", () => {
    const error = thrown(() =>
      decodeAssignments(endpoints['settings.update'], parseAssignments(['twenty_four_hour_time=5'])),
    );
    expect(error.exitCode).toBe(2);
    expect(error.message).toBe('invalid arguments for settings.update: twenty_four_hour_time is not a boolean');
    expect(
      thrown(() => decodeAssignments(endpoints['settings.update'], parseAssignments(['color_scheme=7']))).message,
    ).toBe('invalid arguments for settings.update: Invalid color_scheme');
    expect(thrown(() => decodeAssignments(endpoints['users.list'], parseAssignments(['user_ids=[1,'])))).toMatchObject({
      message: 'invalid arguments for users.list: user_ids is not valid JSON',
    });
  });

  it("reports a missing required parameter with the server's wording", () => {
    expect(thrown(() => decodeAssignments(endpoints['channels.create'], parseAssignments(['name=x']))).message).toBe(
      "invalid arguments for channels.create: Missing 'subscribers' argument",
    );
  });
});
