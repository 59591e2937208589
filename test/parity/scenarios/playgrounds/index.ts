import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';
import { drain, NOT_ADMIN, queueFor } from '../shared/configuration-helpers.js';
import { configurationPermissionMatrix } from '../shared/configuration-permission-matrix.js';

const PYTHON = {
  name: 'Python playground',
  highlighter_language: 'Python',
  url_template: 'https://python.example.com?code={code}',
} as const;

/**
 * Code playgrounds (issue: realm configuration): the list (our GET extension and the POST
 * /register block), adding under either spelling of the language, deleting, the
 * `realm_playgrounds` events, and every validation error.
 */
export const playgroundScenarios: Scenario[] = [
  scenario('playgrounds: playgrounds are listed, added and deleted, with events and register state', async (t) => {
    const admin = t.client('administrator');
    const queue = await queueFor(t, 'guest', ['realm_playgrounds']);
    const empty = await t.client('guest').playgrounds.list();
    expect(empty).toEqual({ playgrounds: [] });
    const { id: python } = await admin.playgrounds.add({
      ...PYTHON,
      name: '  Python playground ',
      highlighter_language: ' Python ',
    });
    // Real clients send the real server's name of the field.
    const raw = await t.raw('POST', '/realm/playgrounds', {
      role: 'owner',
      params: {
        name: 'Rust playground',
        pygments_language: 'Rust',
        url_template: 'https://play.rust-lang.org/?code={code}',
      },
    });
    expect(raw).toMatchObject({ status: 200, body: { result: 'success', msg: '' } });
    const rust = (raw.body as { id: number }).id;
    const listed = await t.client('bot').playgrounds.list();
    expect(listed.playgrounds).toEqual([
      {
        id: python,
        name: 'Python playground',
        pygments_language: 'Python',
        highlighter_language: 'Python',
        url_template: PYTHON.url_template,
      },
      {
        id: rust,
        name: 'Rust playground',
        pygments_language: 'Rust',
        highlighter_language: 'Rust',
        url_template: 'https://play.rust-lang.org/?code={code}',
      },
    ]);
    await admin.playgrounds.remove({ playground_id: python });
    const afterRemove = await t.client('member').playgrounds.list();
    expect(afterRemove.playgrounds.map((p) => p.id)).toEqual([rust]);
    const events = await drain(t, 'guest', queue);
    expect(events).toEqual([
      { type: 'realm_playgrounds', realm_playgrounds: listed.playgrounds.slice(0, 1) },
      { type: 'realm_playgrounds', realm_playgrounds: listed.playgrounds },
      { type: 'realm_playgrounds', realm_playgrounds: afterRemove.playgrounds },
    ]);
    const state = await t.client('member').events.register({ fetch_event_types: ['realm_playgrounds'] });
    expect(state['realm_playgrounds']).toEqual(afterRemove.playgrounds);
    return { empty, listed, afterRemove, events, state: state['realm_playgrounds'] };
  }),

  scenario('playgrounds: playground validation errors and refusals change nothing', async (t) => {
    const admin = t.client('administrator');
    await admin.playgrounds.add(PYTHON);
    const before = await admin.playgrounds.list();
    const queue = await queueFor(t, 'owner', ['realm_playgrounds']);
    const add = (fields: Partial<{ name: string; highlighter_language: string; url_template: string }>) =>
      failure(admin.playgrounds.add({ ...PYTHON, name: 'Another playground', ...fields }));
    const errors = {
      badCharacters: await add({ highlighter_language: 'a$b$c' }),
      tooLong: await add({ highlighter_language: 'x'.repeat(41) }),
      invalidTemplate: await add({ url_template: 'https://template.com?test={test' }),
      missingCode: await add({ url_template: 'https://template.com{?test}' }),
      extraVariable: await add({ url_template: 'https://template.com{?test,code}' }),
      blankName: await add({ name: '   ' }),
      blankLanguage: await add({ highlighter_language: '  ' }),
      blankTemplate: await add({ url_template: '' }),
      duplicate: await add({ name: ' Python playground' }),
      missing: await failure(admin.playgrounds.add({ name: 'x', url_template: 'https://x/{code}' } as never)),
      removeUnknown: await failure(admin.playgrounds.remove({ playground_id: 999 })),
      notAdminAdd: await failure(t.client('moderator').playgrounds.add(PYTHON)),
      notAdminRemove: await failure(
        t.client('member').playgrounds.remove({ playground_id: before.playgrounds[0]?.id ?? 0 }),
      ),
    };
    expect(errors.badCharacters).toEqual({
      code: 'BAD_REQUEST',
      msg: 'Invalid characters in pygments language',
      status: 400,
      extra: {},
    });
    expect(errors.tooLong).toEqual({
      code: 'BAD_REQUEST',
      msg: 'highlighter_language is too long (limit: 40 characters)',
      status: 400,
      extra: { var_name: 'highlighter_language' },
    });
    expect(errors.invalidTemplate).toEqual({
      code: 'BAD_REQUEST',
      msg: 'Invalid URL template.',
      status: 400,
      extra: { errors: { url_template: ['Invalid URL template.'] } },
    });
    const missingCode = 'Missing the required variable "code" in the URL template';
    expect(errors.missingCode).toEqual({
      code: 'BAD_REQUEST',
      msg: missingCode,
      status: 400,
      extra: { errors: { __all__: [missingCode] } },
    });
    expect(errors.extraVariable.msg).toBe('"code" should be the only variable present in the URL template');
    expect(errors.blankName.extra).toEqual({ errors: { name: ['This field cannot be blank.'] } });
    expect(errors.blankLanguage.extra).toEqual({ errors: { pygments_language: ['This field cannot be blank.'] } });
    expect(errors.blankTemplate.extra).toEqual({
      errors: {
        url_template: ['This field cannot be blank.'],
        __all__: ['Missing the required variable "code" in the URL template'],
      },
    });
    expect(errors.duplicate).toEqual({
      code: 'BAD_REQUEST',
      msg: 'Realm playground with this Realm, Pygments language and Name already exists.',
      status: 400,
      extra: { errors: { __all__: ['Realm playground with this Realm, Pygments language and Name already exists.'] } },
    });
    expect(errors.missing).toMatchObject({
      code: 'REQUEST_VARIABLE_MISSING',
      msg: "Missing 'highlighter_language' argument",
    });
    expect(errors.removeUnknown).toEqual({ code: 'BAD_REQUEST', msg: 'Invalid playground', status: 400, extra: {} });
    expect(errors.notAdminAdd).toEqual(NOT_ADMIN);
    expect(errors.notAdminRemove).toEqual(NOT_ADMIN);
    expect(await admin.playgrounds.list()).toEqual(before);
    expect(await drain(t, 'owner', queue)).toEqual([]);
    return { errors, before };
  }),
  configurationPermissionMatrix('playgrounds'),
];
