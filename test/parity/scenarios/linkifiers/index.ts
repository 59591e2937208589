import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';
import { DEMO_LINKIFIER, drain, NOT_ADMIN, post, queueFor, rendering } from '../shared/configuration-helpers.js';
import { configurationPermissionMatrix } from '../shared/configuration-permission-matrix.js';

const ISSUE_URL = 'https://github.com/teamchat/teamchat/issues/';

/**
 * Linkifiers (issue: realm configuration): the list and its legacy form, adding, updating,
 * reordering and deleting with `realm_linkifiers` events and the POST /register blocks; every
 * validation error with its `errors` dict; and the effect of each change on the rendering of
 * new messages and on the `topic_links` of all messages.
 */
export const linkifierScenarios: Scenario[] = [
  scenario(
    'linkifiers: linkifiers are listed, added, updated, reordered and deleted, with events and register state',
    async (t) => {
      const admin = t.client('administrator');
      const withCapability = await queueFor(t, 'member', ['realm_linkifiers', 'realm_filters']);
      const without = await queueFor(t, 'guest', ['realm_linkifiers', 'realm_filters'], false);
      const initial = await t.client('guest').linkifiers.list();
      expect(initial.linkifiers).toEqual([{ id: 1, ...DEMO_LINKIFIER }]);

      const { id: jira } = await admin.linkifiers.add({
        pattern: '  JIRA-(?P<key>[0-9]+)  ',
        url_template: ' https://jira.example.com/browse/JIRA-{key} ',
      });
      const { id: gh } = await admin.linkifiers.add({
        pattern: '(?P<org>[a-z]+)/(?P<repo>[a-z]+)#(?P<id>[0-9]+)',
        url_template: 'https://github.com/{org}/{repo}/pull/{id}',
      });
      const afterAdd = await t.client('bot').linkifiers.list();
      expect(afterAdd.linkifiers.map((l) => l.id)).toEqual([1, jira, gh]);
      expect(afterAdd.linkifiers[1]).toEqual({
        id: jira,
        pattern: 'JIRA-(?P<key>[0-9]+)',
        url_template: 'https://jira.example.com/browse/JIRA-{key}',
      });
      const legacy = await t.client('member').linkifiers.listLegacy();
      expect(legacy.filters).toEqual(afterAdd.linkifiers.map((l) => [l.pattern, l.url_template, l.id]));

      await admin.linkifiers.update({
        filter_id: jira,
        pattern: 'JIRA-(?P<key>[0-9]+)',
        url_template: 'https://jira.example.com/issues/{key}',
      });
      await t.client('owner').linkifiers.reorder({ ordered_linkifier_ids: [gh, jira, 1] });
      const reordered = await t.client('member').linkifiers.list();
      expect(reordered.linkifiers.map((l) => l.id)).toEqual([gh, jira, 1]);
      await admin.linkifiers.remove({ filter_id: gh });
      // A linkifier added after a reorder goes last; the others keep their places.
      const { id: last } = await admin.linkifiers.add({
        pattern: 'CVE-(?P<id>[0-9-]+)',
        url_template: 'https://cve.example.org/{id}',
      });
      const final = await t.client('member').linkifiers.list();
      expect(final.linkifiers.map((l) => l.id)).toEqual([jira, 1, last]);

      const events = await drain(t, 'member', withCapability);
      expect(events.map((e) => e['type'])).toEqual(Array(6).fill('realm_linkifiers'));
      expect(events.at(-1)).toEqual({ type: 'realm_linkifiers', realm_linkifiers: final.linkifiers });
      expect(events[3]).toEqual({ type: 'realm_linkifiers', realm_linkifiers: reordered.linkifiers });
      // Clients without the capability get no linkifier events and an empty list at register.
      expect(await drain(t, 'guest', without)).toEqual([]);
      const stateWith = await t.client('member').events.register({
        fetch_event_types: ['realm_linkifiers', 'realm_filters'],
        client_capabilities: { linkifier_url_template: true },
      });
      const stateWithout = await t
        .client('member')
        .events.register({ fetch_event_types: ['realm_linkifiers', 'realm_filters'] });
      expect(stateWith['realm_linkifiers']).toEqual(final.linkifiers);
      expect(stateWith['realm_filters']).toEqual([]);
      expect(stateWithout['realm_linkifiers']).toEqual([]);
      // Reordering an organization without linkifiers is a no-op without an event.
      for (const l of final.linkifiers) await admin.linkifiers.remove({ filter_id: l.id });
      const beforeEmpty = await drain(t, 'member', withCapability);
      await admin.linkifiers.reorder({ ordered_linkifier_ids: [] });
      const afterEmpty = await drain(t, 'member', withCapability);
      expect(afterEmpty).toEqual([]);
      const registered = {
        with: [stateWith['realm_linkifiers'], stateWith['realm_filters']],
        without: stateWithout['realm_linkifiers'],
      };
      return { initial, afterAdd, legacy, reordered, final, events, beforeEmpty, registered };
    },
  ),

  scenario('linkifiers: linkifier validation errors carry the errors dict and change nothing', async (t) => {
    const admin = t.client('administrator');
    const queue = await queueFor(t, 'owner', ['realm_linkifiers']);
    const add = (pattern: string, url_template: string) => failure(admin.linkifiers.add({ pattern, url_template }));
    const errors = {
      blankPattern: await add('   ', 'https://x.example/{id}'),
      badRegex: await add('(?P<id>[0-9]+', 'https://x.example/{id}'),
      invalidTemplate: await add('N(?P<id>[0-9]+)', 'https://x.example/{id'),
      varNotInPattern: await add('#(?P<id>[0-9]+)', 'https://x.example/{id}/{zeta}/{alpha}'),
      groupNotInTemplate: await add('(?P<a>[a-z]+)-(?P<b>[0-9]+)', '$not_a_url{a}'),
      noVariables: await add('ZUL-(?P<id>\\d+)', '$fgfg'),
      duplicate: await add(` ${DEMO_LINKIFIER.pattern} `, 'https://elsewhere.example/{id}'),
      blankTemplateAndGroup: await add('T-(?P<id>[0-9]+)', ''),
      duplicateAndGroup: await add(DEMO_LINKIFIER.pattern, 'https://x.example/'),
      missingParam: await failure(admin.linkifiers.add({ pattern: 'x' } as never)),
    };
    expect(errors.blankPattern).toEqual({
      code: 'BAD_REQUEST',
      msg: 'This field cannot be blank.',
      status: 400,
      extra: {
        errors: {
          pattern: ['This field cannot be blank.'],
          __all__: ["Group 'id' in URL template is not present in linkifier pattern."],
        },
      },
    });
    expect(errors.badRegex).toMatchObject({ code: 'BAD_REQUEST', status: 400 });
    expect(errors.badRegex.msg).toMatch(/^Bad regular expression: /);
    expect(errors.badRegex.extra).toEqual({ errors: { __all__: [errors.badRegex.msg] } });
    expect(errors.invalidTemplate).toEqual({
      code: 'BAD_REQUEST',
      msg: 'Invalid URL template.',
      status: 400,
      extra: { errors: { url_template: ['Invalid URL template.'] } },
    });
    expect(errors.varNotInPattern.msg).toBe("Group 'alpha' in URL template is not present in linkifier pattern.");
    expect(errors.groupNotInTemplate.msg).toBe("Group 'b' in linkifier pattern is not present in URL template.");
    expect(errors.noVariables.msg).toBe("Group 'id' in linkifier pattern is not present in URL template.");
    const duplicate = 'Realm filter with this Realm and Pattern already exists.';
    expect(errors.duplicate).toEqual({
      code: 'BAD_REQUEST',
      msg: duplicate,
      status: 400,
      extra: { errors: { __all__: [duplicate] } },
    });
    const groupMissing = "Group 'id' in linkifier pattern is not present in URL template.";
    expect(errors.blankTemplateAndGroup.extra).toEqual({
      errors: { url_template: ['This field cannot be blank.'], __all__: [groupMissing] },
    });
    expect(errors.duplicateAndGroup.extra).toEqual({ errors: { __all__: [groupMissing, duplicate] } });
    expect(errors.missingParam).toMatchObject({
      code: 'REQUEST_VARIABLE_MISSING',
      msg: "Missing 'url_template' argument",
      status: 400,
    });

    const { id } = await admin.linkifiers.add({ pattern: 'T-(?P<id>[0-9]+)', url_template: 'https://t.example/{id}' });
    const before = await admin.linkifiers.list();
    const others = {
      updateUnknown: await failure(admin.linkifiers.update({ filter_id: 999, pattern: '(', url_template: '{' })),
      updateInvalid: await failure(
        admin.linkifiers.update({ filter_id: id, pattern: 'T-(?P<id>[0-9]+)', url_template: '{id' }),
      ),
      updateToDuplicate: await failure(admin.linkifiers.update({ filter_id: id, ...DEMO_LINKIFIER })),
      removeUnknown: await failure(admin.linkifiers.remove({ filter_id: 999 })),
      reorderDuplicates: await failure(admin.linkifiers.reorder({ ordered_linkifier_ids: [1, id, 1] })),
      reorderMissing: await failure(admin.linkifiers.reorder({ ordered_linkifier_ids: [id] })),
      reorderUnknown: await failure(admin.linkifiers.reorder({ ordered_linkifier_ids: [1, id, 999] })),
      reorderNotAList: await t.raw('PATCH', '/realm/linkifiers', {
        role: 'administrator',
        params: { ordered_linkifier_ids: '1' },
      }),
    };
    expect(others.updateUnknown).toEqual({ code: 'BAD_REQUEST', msg: 'Linkifier not found.', status: 400, extra: {} });
    expect(others.updateInvalid.msg).toBe('Invalid URL template.');
    expect(others.updateToDuplicate.msg).toBe('Realm filter with this Realm and Pattern already exists.');
    expect(others.removeUnknown).toEqual({ code: 'BAD_REQUEST', msg: 'Linkifier not found.', status: 400, extra: {} });
    expect(others.reorderDuplicates.msg).toBe('The ordered list must not contain duplicated linkifiers');
    expect(others.reorderMissing.msg).toBe('The ordered list must enumerate all existing linkifiers exactly once');
    expect(others.reorderUnknown.msg).toBe('The ordered list must enumerate all existing linkifiers exactly once');
    expect(others.reorderNotAList).toMatchObject({
      status: 400,
      body: { result: 'error', code: 'BAD_REQUEST', msg: 'ordered_linkifier_ids is not a list' },
    });
    expect(await admin.linkifiers.list()).toEqual(before);
    // Only the one successful add produced an event.
    const events = await drain(t, 'owner', queue);
    expect(events).toEqual([{ type: 'realm_linkifiers', realm_linkifiers: before.linkifiers }]);
    return { errors, others, before, events };
  }),

  scenario('linkifiers: linkifier changes re-render new messages and the topic_links of all messages', async (t) => {
    const admin = t.client('administrator');
    const member = t.client('member');
    const topic = 'fix #12 and ABC-7';
    const text = 'See #12 and ABC-7.';
    const first = await post(member, topic, text);
    const initial = await rendering(t, first);
    expect(initial.content).toContain(`<a href="${ISSUE_URL}12">#12</a>`);
    expect(initial.content).not.toContain('ABC-7</a>');
    expect(initial.topic_links).toEqual([{ url: `${ISSUE_URL}12`, text: '#12' }]);

    // New: the next message links ABC-7; the old one keeps its content but gains the topic link.
    const { id: abc } = await admin.linkifiers.add({
      pattern: 'ABC-(?P<n>[0-9]+)',
      url_template: 'https://abc.example/{n}',
    });
    const second = await post(member, topic, text);
    const afterAdd = { first: await rendering(t, first), second: await rendering(t, second) };
    expect(afterAdd.first.content).toBe(initial.content);
    expect(afterAdd.second.content).toContain('<a href="https://abc.example/7">ABC-7</a>');
    expect(afterAdd.first.topic_links).toEqual([
      { url: `${ISSUE_URL}12`, text: '#12' },
      { url: 'https://abc.example/7', text: 'ABC-7' },
    ]);

    // Changed: a new URL template.
    await admin.linkifiers.update({
      filter_id: abc,
      pattern: 'ABC-(?P<n>[0-9]+)',
      url_template: 'https://abc.example/tickets/{n}',
    });
    const third = await post(member, topic, text);
    const afterUpdate = { second: await rendering(t, second), third: await rendering(t, third) };
    expect(afterUpdate.third.content).toContain('<a href="https://abc.example/tickets/7">ABC-7</a>');
    expect(afterUpdate.second.content).toBe(afterAdd.second.content);
    expect(afterUpdate.second.topic_links).toContainEqual({ url: 'https://abc.example/tickets/7', text: 'ABC-7' });

    // Reordered: of two linkifiers matching `#12`, the first in processing order wins.
    const { id: other } = await admin.linkifiers.add({
      pattern: '#(?P<id>1[0-9]*)',
      url_template: 'https://other.example/{id}',
    });
    const fourth = await post(member, topic, text);
    await admin.linkifiers.reorder({ ordered_linkifier_ids: [other, 1, abc] });
    const fifth = await post(member, topic, text);
    const afterReorder = { fourth: await rendering(t, fourth), fifth: await rendering(t, fifth) };
    expect(afterReorder.fourth.content).toContain(`<a href="${ISSUE_URL}12">#12</a>`);
    expect(afterReorder.fifth.content).toContain('<a href="https://other.example/12">#12</a>');
    expect(afterReorder.fourth.topic_links).toEqual([
      { url: 'https://other.example/12', text: '#12' },
      { url: 'https://abc.example/tickets/7', text: 'ABC-7' },
    ]);

    // Deleted: no more links from those linkifiers.
    await admin.linkifiers.remove({ filter_id: other });
    await admin.linkifiers.remove({ filter_id: abc });
    await admin.linkifiers.remove({ filter_id: 1 });
    const sixth = await post(member, topic, text);
    const afterDelete = { first: await rendering(t, first), sixth: await rendering(t, sixth) };
    expect(afterDelete.sixth.content).toBe('<p>See #12 and ABC-7.</p>');
    expect(afterDelete.first.topic_links).toEqual([]);
    expect(afterDelete.first.content).toBe(initial.content);
    return { initial, afterAdd, afterUpdate, afterReorder, afterDelete };
  }),

  scenario('linkifiers: only administrators change linkifiers; refusals change nothing', async (t) => {
    const refusals = {
      add: await failure(
        t.client('moderator').linkifiers.add({ pattern: 'X-(?P<id>[0-9]+)', url_template: 'https://x.example/{id}' }),
      ),
      addWithoutParams: await failure(t.client('member').linkifiers.add({} as never)),
      update: await failure(t.client('member').linkifiers.update({ filter_id: 1, ...DEMO_LINKIFIER })),
      remove: await failure(t.client('guest').linkifiers.remove({ filter_id: 1 })),
      reorder: await failure(t.client('bot').linkifiers.reorder({ ordered_linkifier_ids: [1] })),
    };
    for (const refusal of Object.values(refusals)) expect(refusal).toEqual(NOT_ADMIN);
    expect((await t.client('member').linkifiers.list()).linkifiers).toEqual([{ id: 1, ...DEMO_LINKIFIER }]);
    return refusals;
  }),
  configurationPermissionMatrix('linkifiers'),
];
