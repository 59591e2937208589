import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';
import { drain } from '../users/index.js';

/** A 1×1 transparent PNG. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
  (c) => c.charCodeAt(0),
);
const image = (name = 'me.png', type = 'image/png', bytes: Uint8Array<ArrayBuffer> = PNG) =>
  new File([bytes], name, { type });

/** The path and query of an absolute URL (the two targets' sites differ). */
const local = (url: unknown) => {
  const parsed = new URL(String(url));
  return `${parsed.pathname}${parsed.search}`;
};

/** POST and DELETE /users/me/avatar (not in the API documentation; the real web app's personal settings use them). */
export const avatarScenarios: Scenario[] = [
  scenario(
    'settings: a user uploads an avatar (served afterwards, announced with realm_user update) and goes back to the default',
    async (t) => {
      const member = t.client('member');
      const id = t.accounts.member.userId;
      const queue = await t.client('owner').events.register({ event_types: ['realm_user'] });
      const uploaded = await member.settings.uploadAvatar({ file: image() });
      const url = local(uploaded.avatar_url);
      expect(url).toBe(`/user_avatars/1/${id}.png?version=2`);
      const served = await t.download(url);
      expect(served).toMatchObject({
        status: 200,
        headers: { 'content-type': 'image/png', 'content-length': String(PNG.length) },
      });
      expect((await t.download(`/user_avatars/1/${id}-medium.png?version=2`)).status).toBe(200);
      // Everyone's lists show it (even with client_extavatar: an uploaded avatar has a URL).
      const listed = (await t.client('guest').users.get({ user_id: id, client_extavatar: true })).user;
      expect(local(listed.avatar_url)).toBe(url);
      const events = await drain(t, 'owner', queue.queue_id ?? '');
      expect(events).toEqual([
        {
          type: 'realm_user',
          op: 'update',
          person: {
            avatar_source: 'U',
            avatar_url: uploaded.avatar_url,
            avatar_url_medium: uploaded.avatar_url.replace(`/${id}.png`, `/${id}-medium.png`),
            avatar_version: 2,
            user_id: id,
          },
        },
      ]);
      // A second upload replaces the first (a new version).
      const again = await member.settings.uploadAvatar({ file: image('me.gif', 'image/gif') });
      expect(local(again.avatar_url)).toBe(`/user_avatars/1/${id}.png?version=3`);
      expect((await t.download(local(again.avatar_url))).headers['content-type']).toBe('image/gif');
      // Back to the default: the hashed avatar; the image is no longer served.
      const removed = await member.settings.deleteAvatar({});
      expect(removed.avatar_url).toMatch(
        /^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon&version=4$/,
      );
      expect((await t.download(`/user_avatars/1/${id}.png?version=4`)).status).toBe(404);
      const after = await drain(t, 'owner', queue.queue_id ?? '');
      expect(after.map((e) => (e['person'] as Record<string, unknown>)['avatar_source'])).toEqual(['U', 'G']);
      expect(after[1]).toMatchObject({
        person: { avatar_url: removed.avatar_url, avatar_version: 4, user_id: id },
      });
      return {
        url,
        served: served.headers,
        again: local(again.avatar_url),
        removed: removed.avatar_url,
        events: after.length,
      };
    },
  ),

  scenario(
    'settings: a bot uploads its own avatar; those who administer it get realm_bot update with the new avatar_url',
    async (t) => {
      const queue = await t.client('owner').events.register({ event_types: ['realm_bot'] });
      const { avatar_url } = await t.client('bot').settings.uploadAvatar({ file: image('bot.png') });
      const events = await drain(t, 'owner', queue.queue_id ?? '');
      expect(events).toEqual([
        { type: 'realm_bot', op: 'update', bot: { user_id: t.accounts.bot.userId, avatar_url } },
      ]);
      return { avatar_url: local(avatar_url), events: events.length };
    },
  ),

  scenario(
    'settings: avatar uploads are refused without exactly one image, too large, or when the organization disabled changes',
    async (t) => {
      const member = t.client('member');
      const form = (...files: File[]) => {
        const data = new FormData();
        files.forEach((file, i) => data.append(`file-${i}`, file));
        return data;
      };
      const errors = {
        none: await t.raw('POST', '/users/me/avatar', { role: 'member', body: form() }),
        two: await t.raw('POST', '/users/me/avatar', { role: 'member', body: form(image(), image('b.png')) }),
        notImage: await failure(member.settings.uploadAvatar({ file: image('notes.txt', 'text/plain') })),
        tooBig: await failure(
          member.settings.uploadAvatar({ file: image('huge.png', 'image/png', new Uint8Array(5 * 1024 * 1024 + 1)) }),
        ),
      };
      for (const answer of [errors.none, errors.two])
        expect(answer).toMatchObject({
          status: 400,
          body: { result: 'error', code: 'BAD_REQUEST', msg: 'You must upload exactly one avatar.' },
        });
      expect(errors.notImage.msg).toBe('Invalid image format');
      expect(errors.tooBig.msg).toBe('Uploaded file is larger than the allowed limit of 5 MiB');
      // Nothing changed.
      expect((await member.users.me({})).avatar_version).toBe(1);
      await t.client('owner').realm.update({ avatar_changes_disabled: true });
      const disabled = {
        upload: await failure(member.settings.uploadAvatar({ file: image() })),
        remove: await failure(member.settings.deleteAvatar({})),
      };
      expect(disabled.upload).toMatchObject({
        code: 'BAD_REQUEST',
        msg: 'Avatar changes are disabled in this organization.',
      });
      expect(disabled.remove.msg).toBe('Avatar changes are disabled in this organization.');
      // Administrators still may.
      const admin = await t.client('administrator').settings.uploadAvatar({ file: image() });
      expect(admin.avatar_url).toContain(`/user_avatars/1/${t.accounts.administrator.userId}.png`);
      return {
        none: errors.none.body,
        two: errors.two.body,
        notImage: errors.notImage,
        tooBig: errors.tooBig,
        disabled,
        admin: local(admin.avatar_url),
      };
    },
  ),
];
