import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';
import { drain, NOT_ADMIN, queueFor } from '../shared/configuration-helpers.js';
import { configurationPermissionMatrix } from '../shared/configuration-permission-matrix.js';

/**
 * Channel folders (FL 389): creating, listing, renaming, describing, archiving, reordering,
 * their `channel_folder` events and register block, and every error.
 */
export const channelFolderScenarios: Scenario[] = [
  scenario(
    'channel-folders: channel folders are created, listed, updated, archived and reordered, with events',
    async (t) => {
      const admin = t.client('administrator');
      const queue = await queueFor(t, 'guest', ['channel_folder']);
      expect(await t.client('guest').channelFolders.list()).toEqual({ channel_folders: [] });
      const { channel_folder_id: frontend } = await admin.channelFolders.create({
        name: 'Frontend',
        description: 'Channels for **frontend** work',
      });
      const { channel_folder_id: backend } = await t
        .client('owner')
        .channelFolders.create({ name: 'Backend', description: '' });
      const created = await t.client('guest').channelFolders.list();
      const createdAt = created.channel_folders[0]?.date_created ?? 0;
      expect(created.channel_folders).toEqual([
        {
          id: frontend,
          name: 'Frontend',
          description: 'Channels for **frontend** work',
          rendered_description: '<p>Channels for <strong>frontend</strong> work</p>',
          date_created: createdAt,
          creator_id: t.accounts.administrator.userId,
          is_archived: false,
          order: frontend,
        },
        {
          id: backend,
          name: 'Backend',
          description: '',
          rendered_description: '',
          date_created: createdAt,
          creator_id: t.accounts.owner.userId,
          is_archived: false,
          order: backend,
        },
      ]);
      expect(createdAt).toBeGreaterThan(1_000_000_000);

      await admin.channelFolders.update({ channel_folder_id: frontend, name: 'Web frontend', description: 'Browsers' });
      await admin.channelFolders.update({ channel_folder_id: frontend, name: 'Web frontend', description: 'Browsers' });
      await admin.channelFolders.update({ channel_folder_id: backend, is_archived: true });
      const visible = await t.client('member').channelFolders.list();
      const all = await t.client('member').channelFolders.list({ include_archived: true });
      expect(visible.channel_folders.map((f) => f.id)).toEqual([frontend]);
      expect(all.channel_folders.map((f) => [f.id, f.is_archived])).toEqual([
        [frontend, false],
        [backend, true],
      ]);
      // An archived folder's name is free again; unarchiving it while the name is taken is refused.
      const { channel_folder_id: again } = await admin.channelFolders.create({ name: 'BACKEND', description: '' });
      const unarchiveTaken = await failure(
        admin.channelFolders.update({ channel_folder_id: backend, is_archived: false }),
      );
      expect(unarchiveTaken).toEqual({
        code: 'BAD_REQUEST',
        msg: 'Channel folder name already in use',
        status: 400,
        extra: {},
      });
      await admin.channelFolders.reorder({ order: [again, backend, frontend] });
      const reordered = await t.client('member').channelFolders.list({ include_archived: true });
      expect(reordered.channel_folders.map((f) => [f.id, f.order])).toEqual([
        [again, 0],
        [backend, 1],
        [frontend, 2],
      ]);

      const events = await drain(t, 'guest', queue);
      expect(events).toEqual([
        { type: 'channel_folder', op: 'add', channel_folder: created.channel_folders[0] },
        { type: 'channel_folder', op: 'add', channel_folder: created.channel_folders[1] },
        { type: 'channel_folder', op: 'update', channel_folder_id: frontend, data: { name: 'Web frontend' } },
        {
          type: 'channel_folder',
          op: 'update',
          channel_folder_id: frontend,
          data: { description: 'Browsers', rendered_description: '<p>Browsers</p>' },
        },
        { type: 'channel_folder', op: 'update', channel_folder_id: backend, data: { is_archived: true } },
        {
          type: 'channel_folder',
          op: 'add',
          channel_folder: expect.objectContaining({ id: again, name: 'BACKEND', order: again }),
        },
        { type: 'channel_folder', op: 'reorder', order: [again, backend, frontend] },
      ]);
      const state = await t.client('member').events.register({ fetch_event_types: ['channel_folder'] });
      expect(state['channel_folders']).toEqual(reordered.channel_folders);
      return { created, visible, all, unarchiveTaken, reordered, events, state: state['channel_folders'] };
    },
  ),

  scenario(
    'channel-folders: channel folder errors (names, unknown IDs, archiving a used folder, order) change nothing',
    async (t) => {
      const admin = t.client('administrator');
      const { channel_folder_id: frontend } = await admin.channelFolders.create({ name: 'Frontend', description: '' });
      const { channel_folder_id: backend } = await admin.channelFolders.create({ name: 'Backend', description: '' });
      await admin.channels.create({ name: 'web', subscribers: [t.accounts.administrator.userId], folder_id: frontend });
      const before = await admin.channelFolders.list({ include_archived: true });
      const queue = await queueFor(t, 'owner', ['channel_folder']);
      const errors = {
        emptyName: await failure(admin.channelFolders.create({ name: '  ', description: '' })),
        badCharacter: await failure(admin.channelFolders.create({ name: 'abc\u0000', description: '' })),
        duplicate: await failure(admin.channelFolders.create({ name: 'frontEND', description: '' })),
        tooLong: await failure(admin.channelFolders.create({ name: 'x'.repeat(61), description: '' })),
        descriptionTooLong: await failure(admin.channelFolders.create({ name: 'Docs', description: 'x'.repeat(1025) })),
        missingDescription: await failure(admin.channelFolders.create({ name: 'Docs' } as never)),
        updateUnknown: await failure(admin.channelFolders.update({ channel_folder_id: 999, name: 'x' })),
        renameEmpty: await failure(admin.channelFolders.update({ channel_folder_id: backend, name: '' })),
        renameTaken: await failure(admin.channelFolders.update({ channel_folder_id: backend, name: 'FRONTEND' })),
        archiveUsed: await failure(admin.channelFolders.update({ channel_folder_id: frontend, is_archived: true })),
        reorderMissing: await failure(admin.channelFolders.reorder({ order: [frontend] })),
        reorderNotAList: await t.raw('PATCH', '/channel_folders', {
          role: 'administrator',
          params: { order: 'first' },
        }),
        isArchivedNotBool: await t.raw('PATCH', `/channel_folders/${backend}`, {
          role: 'administrator',
          params: { is_archived: 'yes' },
        }),
      };
      expect(errors.emptyName).toEqual({
        code: 'BAD_REQUEST',
        msg: "Channel folder name can't be empty.",
        status: 400,
        extra: {},
      });
      expect(errors.badCharacter.msg).toBe('Invalid character in channel folder name, at position 4.');
      expect(errors.duplicate.msg).toBe('Channel folder name already in use');
      expect(errors.tooLong).toEqual({
        code: 'BAD_REQUEST',
        msg: 'name is too long (limit: 60 characters)',
        status: 400,
        extra: { var_name: 'name' },
      });
      expect(errors.descriptionTooLong.msg).toBe('description is too long (limit: 1024 characters)');
      expect(errors.missingDescription).toMatchObject({
        code: 'REQUEST_VARIABLE_MISSING',
        msg: "Missing 'description' argument",
      });
      expect(errors.updateUnknown).toEqual({
        code: 'BAD_REQUEST',
        msg: 'Invalid channel folder ID',
        status: 400,
        extra: {},
      });
      expect(errors.renameEmpty.msg).toBe("Channel folder name can't be empty.");
      expect(errors.renameTaken.msg).toBe('Channel folder name already in use');
      expect(errors.archiveUsed.msg).toBe('You need to remove all the channels from this folder to archive it.');
      expect(errors.reorderMissing.msg).toBe('Invalid order mapping.');
      expect(errors.reorderNotAList).toMatchObject({
        status: 400,
        body: { code: 'BAD_REQUEST', msg: 'order is not valid JSON' },
      });
      expect(errors.isArchivedNotBool).toMatchObject({
        status: 400,
        body: { code: 'BAD_REQUEST', msg: 'is_archived is not valid JSON' },
      });
      expect(await admin.channelFolders.list({ include_archived: true })).toEqual(before);
      expect(await drain(t, 'owner', queue)).toEqual([]);
      return { errors, before };
    },
  ),

  scenario('channel-folders: only administrators manage channel folders; everyone lists them', async (t) => {
    const { channel_folder_id: id } = await t.client('owner').channelFolders.create({ name: 'Ops', description: '' });
    const refusals = {
      create: await failure(t.client('moderator').channelFolders.create({ name: 'Mine', description: '' })),
      update: await failure(t.client('member').channelFolders.update({ channel_folder_id: id, name: 'Theirs' })),
      reorder: await failure(t.client('guest').channelFolders.reorder({ order: [id] })),
      archive: await failure(t.client('bot').channelFolders.update({ channel_folder_id: id, is_archived: true })),
    };
    for (const refusal of Object.values(refusals)) expect(refusal).toEqual(NOT_ADMIN);
    const lists = await Promise.all(
      (['guest', 'bot', 'member'] as const).map(async (role) =>
        (await t.client(role).channelFolders.list()).channel_folders.map((f) => f.name),
      ),
    );
    expect(lists).toEqual([['Ops'], ['Ops'], ['Ops']]);
    return { refusals, lists };
  }),
  configurationPermissionMatrix('channel-folders'),
];
