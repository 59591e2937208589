import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';
import { drain, queueFor } from '../shared/configuration-helpers.js';
import { configurationPermissionMatrix } from '../shared/configuration-permission-matrix.js';

const NOT_FOUND = { code: 'BAD_REQUEST', msg: 'Navigation view does not exist.', status: 404, extra: {} } as const;
const EXISTS = { code: 'BAD_REQUEST', msg: 'Navigation view already exists.', status: 400, extra: {} } as const;

/**
 * Navigation views (issue: realm configuration): built-in and custom views of each user,
 * their events and register block, and every error; each user sees and changes only theirs.
 */
export const navigationViewScenarios: Scenario[] = [
  scenario(
    'navigation-views: navigation views are per user, with add/update/remove events and register state',
    async (t) => {
      const member = t.client('member');
      const memberQueue = await queueFor(t, 'member', ['navigation_view']);
      const ownerQueue = await queueFor(t, 'owner', ['navigation_view']);
      const empty = await member.navigationViews.list();
      expect(empty).toEqual({ navigation_views: [] });
      await member.navigationViews.add({ fragment: 'inbox', is_pinned: false });
      await member.navigationViews.add({ fragment: ' narrow/is/starred ', is_pinned: true, name: null });
      await member.navigationViews.add({ fragment: 'narrow/channel/9-design', is_pinned: true, name: '  Design  ' });
      const added = await member.navigationViews.list();
      expect(added.navigation_views).toEqual([
        { fragment: 'inbox', is_pinned: false, name: null },
        { fragment: 'narrow/is/starred', is_pinned: true, name: null },
        { fragment: 'narrow/channel/9-design', is_pinned: true, name: 'Design' },
      ]);
      // Fragments with slashes travel URL-encoded in the path.
      await member.navigationViews.update({
        fragment: 'narrow/channel/9-design',
        name: 'Design team',
        is_pinned: false,
      });
      await member.navigationViews.update({ fragment: 'inbox', is_pinned: true });
      await member.navigationViews.update({ fragment: 'narrow/is/starred' });
      await member.navigationViews.remove({ fragment: 'narrow/is/starred' });
      const final = await member.navigationViews.list();
      expect(final.navigation_views).toEqual([
        { fragment: 'inbox', is_pinned: true, name: null },
        { fragment: 'narrow/channel/9-design', is_pinned: false, name: 'Design team' },
      ]);
      const events = await drain(t, 'member', memberQueue);
      expect(events).toEqual([
        { type: 'navigation_view', op: 'add', navigation_view: { fragment: 'inbox', is_pinned: false, name: null } },
        {
          type: 'navigation_view',
          op: 'add',
          navigation_view: { fragment: 'narrow/is/starred', is_pinned: true, name: null },
        },
        {
          type: 'navigation_view',
          op: 'add',
          navigation_view: { fragment: 'narrow/channel/9-design', is_pinned: true, name: 'Design' },
        },
        {
          type: 'navigation_view',
          op: 'update',
          fragment: 'narrow/channel/9-design',
          data: { name: 'Design team', is_pinned: false },
        },
        { type: 'navigation_view', op: 'update', fragment: 'inbox', data: { is_pinned: true } },
        { type: 'navigation_view', op: 'update', fragment: 'narrow/is/starred', data: {} },
        { type: 'navigation_view', op: 'remove', fragment: 'narrow/is/starred' },
      ]);
      // Another user sees none of it, gets no events, and cannot touch the member's views.
      const owner = t.client('owner');
      const others = {
        list: await owner.navigationViews.list(),
        update: await failure(owner.navigationViews.update({ fragment: 'inbox', is_pinned: false })),
        remove: await failure(owner.navigationViews.remove({ fragment: 'narrow/channel/9-design' })),
        sameFragment: await owner.navigationViews.add({
          fragment: 'narrow/channel/9-design',
          is_pinned: false,
          name: 'Design team',
        }),
      };
      expect(others.list).toEqual({ navigation_views: [] });
      expect(others.update).toEqual(NOT_FOUND);
      expect(others.remove).toEqual(NOT_FOUND);
      expect(await drain(t, 'owner', ownerQueue)).toEqual([
        {
          type: 'navigation_view',
          op: 'add',
          navigation_view: { fragment: 'narrow/channel/9-design', is_pinned: false, name: 'Design team' },
        },
      ]);
      expect(await member.navigationViews.list()).toEqual(final);
      const state = await member.events.register({ fetch_event_types: ['navigation_view'] });
      expect(state['navigation_views']).toEqual(final.navigation_views);
      return { empty, added, final, events, others, state: state['navigation_views'] };
    },
  ),

  scenario(
    'navigation-views: navigation view errors (blank, built-in names, duplicates, unknown) change nothing',
    async (t) => {
      const guest = t.client('guest');
      await guest.navigationViews.add({ fragment: 'recent', is_pinned: true });
      await guest.navigationViews.add({ fragment: 'narrow/is/alerted', is_pinned: true, name: 'Alerts' });
      const before = await guest.navigationViews.list();
      const queue = await queueFor(t, 'guest', ['navigation_view']);
      const errors = {
        blankFragment: await failure(guest.navigationViews.add({ fragment: '   ', is_pinned: true, name: 'x' })),
        emptyFragment: await failure(guest.navigationViews.add({ fragment: '', is_pinned: true, name: 'x' })),
        blankName: await failure(
          guest.navigationViews.add({ fragment: 'narrow/is/unread', is_pinned: true, name: '  ' }),
        ),
        builtInWithName: await failure(
          guest.navigationViews.add({ fragment: 'feed', is_pinned: true, name: 'My feed' }),
        ),
        customWithoutName: await failure(guest.navigationViews.add({ fragment: 'narrow/is/unread', is_pinned: true })),
        sameFragment: await failure(guest.navigationViews.add({ fragment: 'recent', is_pinned: false })),
        sameName: await failure(
          guest.navigationViews.add({ fragment: 'narrow/is/followed', is_pinned: false, name: 'Alerts' }),
        ),
        missingIsPinned: await failure(guest.navigationViews.add({ fragment: 'drafts' } as never)),
        isPinnedNotBool: await t.raw('POST', '/navigation_views', {
          role: 'guest',
          params: { fragment: 'drafts', is_pinned: 'yes' },
        }),
        renameBuiltIn: await failure(guest.navigationViews.update({ fragment: 'recent', name: 'Recent stuff' })),
        renameToTaken: await failure(guest.navigationViews.update({ fragment: 'narrow/is/alerted', name: 'Alerts' })),
        updateUnknown: await failure(guest.navigationViews.update({ fragment: 'narrow/is/nothing', is_pinned: true })),
        removeUnknown: await failure(guest.navigationViews.remove({ fragment: 'inbox' })),
      };
      expect(errors.blankFragment).toEqual({
        code: 'BAD_REQUEST',
        msg: 'fragment cannot be blank',
        status: 400,
        extra: { var_name: 'fragment' },
      });
      expect(errors.emptyFragment).toEqual(errors.blankFragment);
      expect(errors.blankName).toEqual({
        code: 'BAD_REQUEST',
        msg: 'name cannot be blank',
        status: 400,
        extra: { var_name: 'name' },
      });
      expect(errors.builtInWithName).toEqual({
        code: 'BAD_REQUEST',
        msg: 'Built-in views cannot have a custom name.',
        status: 400,
        extra: {},
      });
      expect(errors.customWithoutName).toEqual({
        code: 'BAD_REQUEST',
        msg: 'Custom views must have a valid name.',
        status: 400,
        extra: {},
      });
      expect(errors.sameFragment).toEqual(EXISTS);
      expect(errors.sameName).toEqual(EXISTS);
      expect(errors.missingIsPinned).toMatchObject({
        code: 'REQUEST_VARIABLE_MISSING',
        msg: "Missing 'is_pinned' argument",
      });
      expect(errors.isPinnedNotBool).toMatchObject({
        status: 400,
        body: { code: 'BAD_REQUEST', msg: 'is_pinned is not valid JSON' },
      });
      expect(errors.renameBuiltIn).toEqual({
        code: 'BAD_REQUEST',
        msg: 'Built-in views cannot have a custom name.',
        status: 400,
        extra: {},
      });
      expect(errors.renameToTaken).toEqual(EXISTS);
      expect(errors.updateUnknown).toEqual(NOT_FOUND);
      expect(errors.removeUnknown).toEqual(NOT_FOUND);
      expect(await guest.navigationViews.list()).toEqual(before);
      expect(await drain(t, 'guest', queue)).toEqual([]);
      return { errors, before };
    },
  ),
  scenario(
    'navigation-views: a fragment with slashes in the path, unescaped as the documentation example sends it, or escaped',
    async (t) => {
      const member = t.client('member');
      await member.navigationViews.add({ fragment: 'narrow/is/alerted', is_pinned: true, name: 'Alert Words' });
      await member.navigationViews.add({ fragment: 'narrow/is/mentioned', is_pinned: true });
      const queue = await queueFor(t, 'member', ['navigation_view']);
      // The real server's own example (python_examples.py, update/remove_navigation_view): the
      // fragment unescaped in the path, routed as the rest of the path.
      const unescaped = {
        update: await t.raw('PATCH', '/navigation_views/narrow/is/alerted', {
          role: 'member',
          params: { is_pinned: 'false' },
        }),
        remove: await t.raw('DELETE', '/navigation_views/narrow/is/mentioned', { role: 'member' }),
      };
      const escaped = await t.raw('PATCH', '/navigation_views/narrow%2Fis%2Falerted', {
        role: 'member',
        params: { name: 'Alerts' },
      });
      const unknown = await t.raw('DELETE', '/navigation_views/narrow/is/nothing', { role: 'member' });
      expect(unescaped.update).toMatchObject({ status: 200, body: { result: 'success', msg: '' } });
      expect(unescaped.remove).toMatchObject({ status: 200, body: { result: 'success', msg: '' } });
      expect(escaped).toMatchObject({ status: 200, body: { result: 'success', msg: '' } });
      expect(unknown).toMatchObject({
        status: 404,
        body: { result: 'error', code: 'BAD_REQUEST', msg: 'Navigation view does not exist.' },
      });
      const list = await member.navigationViews.list();
      expect(list.navigation_views).toEqual([{ fragment: 'narrow/is/alerted', is_pinned: false, name: 'Alerts' }]);
      expect(await drain(t, 'member', queue)).toEqual([
        { type: 'navigation_view', op: 'update', fragment: 'narrow/is/alerted', data: { is_pinned: false } },
        { type: 'navigation_view', op: 'remove', fragment: 'narrow/is/mentioned' },
        { type: 'navigation_view', op: 'update', fragment: 'narrow/is/alerted', data: { name: 'Alerts' } },
      ]);
      return {
        unescaped: [unescaped.update.status, unescaped.remove.status],
        escaped: escaped.status,
        unknown: unknown.body,
        list,
      };
    },
  ),
  configurationPermissionMatrix('navigation-views'),
];
