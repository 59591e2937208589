import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';

/** PATCH /users/me/subscriptions: `add` and `delete` in one request. */
export const subscriptionUpdateScenarios: Scenario[] = [
  scenario('channels: PATCH /users/me/subscriptions adds, then deletes, in one request, all or nothing', async (t) => {
    const member = t.client('member');
    const names = async () => (await member.channels.listSubscriptions()).subscriptions.map((s) => s.name);
    expect(await names()).toEqual(['engineering', 'general']);
    const errors = {
      nothing: await failure(member.channels.updateSubscriptions({})),
      nothingEmpty: await failure(member.channels.updateSubscriptions({ add: [], delete: [] })),
      // the addition succeeds, the removal fails: nothing remains, the new channel included
      unknown: await failure(member.channels.updateSubscriptions({ add: [{ name: 'design' }], delete: ['nowhere'] })),
      guest: await failure(t.client('guest').channels.updateSubscriptions({ delete: ['general'] })),
    };
    expect(errors.nothing).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'Nothing to do. Specify at least one of "add" or "delete".',
      status: 400,
    });
    expect(errors.nothingEmpty.msg).toBe('Nothing to do. Specify at least one of "add" or "delete".');
    expect(errors.unknown.msg).toBe('Channel(s) (nowhere) do not exist');
    expect(errors.guest.msg).toBe('Not allowed for guest users');
    expect(await names()).toEqual(['engineering', 'general']);
    expect(await member.channels.getId({ stream: 'design' }).catch(() => null)).toBeNull();
    const both = await member.channels.updateSubscriptions({
      add: [{ name: 'design', description: 'Mockups', color: '#e79ab5' }, { name: 'general' }],
      delete: ['engineering'],
    });
    expect(both).toMatchObject({
      subscribed: { [String(t.accounts.member.userId)]: ['design'] },
      already_subscribed: { [String(t.accounts.member.userId)]: ['general'] },
      removed: ['engineering'],
      not_removed: [],
    });
    const after = (await member.channels.listSubscriptions()).subscriptions;
    expect(after.map((s) => [s.name, s.name === 'design' ? s.color : '-'])).toEqual([
      ['design', '#e79ab5'],
      ['general', '-'],
    ]);
    const onlyDelete = await member.channels.updateSubscriptions({ delete: ['design', 'engineering'] });
    expect(onlyDelete).toMatchObject({
      subscribed: {},
      already_subscribed: {},
      removed: ['design'],
      not_removed: ['engineering'],
    });
    return { errors, both, onlyDelete };
  }),
];
