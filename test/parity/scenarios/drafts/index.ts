import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';

/** GET, POST, PATCH and DELETE /drafts. */
export const draftScenarios: Scenario[] = [
  scenario('drafts: create, list newest first, edit and delete; checks and the synchronization setting', async (t) => {
    const member = t.client('member');
    const general = (await member.channels.getId({ stream: 'general' })).stream_id;
    const { ids } = await member.drafts.create({
      drafts: [
        { type: 'stream', to: [general], topic: 'ideas', content: 'First idea\n', timestamp: 1_767_600_000 },
        {
          type: 'private',
          to: [t.accounts.owner.userId, t.accounts.owner.userId],
          content: 'Psst',
          timestamp: 1_767_600_100,
        },
        { type: '', to: [], content: 'Unaddressed', timestamp: 1_767_599_000 },
      ],
    });
    const listed = await member.drafts.list({});
    expect(listed.count).toBe(3);
    expect(listed.drafts.map((d) => d.content)).toEqual(['Psst', 'First idea', 'Unaddressed']);
    expect(listed.drafts[0]).toMatchObject({
      type: 'private',
      to: [t.accounts.owner.userId],
      topic: '',
      timestamp: 1_767_600_100,
    });
    await member.drafts.update({
      draft_id: ids[2] ?? 0,
      draft: { type: 'stream', to: [general], topic: 'later', content: 'Addressed now', timestamp: 1_767_700_000 },
    });
    await member.drafts.remove({ draft_id: ids[0] ?? 0 });
    const after = await member.drafts.list({});
    expect(after.drafts.map((d) => d.content)).toEqual(['Addressed now', 'Psst']);
    const errors = {
      empty: await failure(member.drafts.create({ drafts: [{ type: '', to: [], content: '   ' }] })),
      twoChannels: await failure(
        member.drafts.create({ drafts: [{ type: 'stream', to: [general, general + 1], content: 'x' }] }),
      ),
      badUser: await failure(member.drafts.create({ drafts: [{ type: 'private', to: [999], content: 'x' }] })),
      negative: await failure(member.drafts.create({ drafts: [{ type: '', to: [], content: 'x', timestamp: -5 }] })),
      missing: await failure(member.drafts.remove({ draft_id: 999 })),
      othersDraft: await failure(t.client('owner').drafts.remove({ draft_id: ids[1] ?? 0 })),
    };
    expect(errors.empty).toMatchObject({ code: 'BAD_REQUEST', msg: 'Message must not be empty' });
    expect(errors.twoChannels.msg).toBe('Must specify exactly 1 channel ID for channel messages');
    expect(errors.badUser.msg).toBe('Invalid user ID 999');
    expect(errors.negative.msg).toBe('Timestamp must not be negative.');
    expect(errors.missing).toMatchObject({ msg: 'Draft does not exist', status: 404 });
    expect(errors.othersDraft.status).toBe(404);
    await member.settings.update({ enable_drafts_synchronization: false });
    const disabled = await failure(member.drafts.create({ drafts: [{ type: '', to: [], content: 'x' }] }));
    expect(disabled.msg).toBe('User has disabled synchronizing drafts.');
    return { listed, after, errors, disabled };
  }),
];
