import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';
import { expectConsistent } from '../shared/consistency.js';

/** A 1×1 transparent PNG. */
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='), (c) => c.charCodeAt(0));
const image = (name = 'parrot.png', type = 'image/png', bytes: Uint8Array<ArrayBuffer> = PNG) => new File([bytes], name, { type });

/** GET /realm/emoji, POST and DELETE /realm/emoji/{emoji_name}, and the images. */
export const realmEmojiScenarios: Scenario[] = [
  scenario('realm-emoji: members add custom emoji from an image; authors and administrators deactivate them', async (t) => {
    const member = t.client('member');
    expect(await member.realmEmoji.upload({ emoji_name: 'party_parrot', file: image() })).toEqual({});
    const { emoji } = await t.client('guest').realmEmoji.list({});
    const added = Object.values(emoji).find((e) => e.name === 'party_parrot');
    expect(added).toMatchObject({ name: 'party_parrot', deactivated: false, author_id: t.accounts.member.userId, source_url: `/user_avatars/1/emoji/images/${added?.id}.png` });
    const served = await t.download(added?.source_url ?? '', { role: 'guest' });
    expect(served).toMatchObject({ status: 200, headers: { 'content-type': 'image/png', 'content-length': String(PNG.length) } });
    const { id } = await member.messages.send({ type: 'stream', to: 'general', topic: 'emoji', content: 'Look :party_parrot:' });
    const rendered = (await member.messages.get({ message_id: id })).message.content;
    expect(rendered).toContain(`src="/user_avatars/1/emoji/images/${added?.id}.png"`);
    await member.messages.addReaction({ message_id: id, emoji_name: 'party_parrot' });
    const errors = {
      badName: await failure(member.realmEmoji.upload({ emoji_name: 'Party', file: image() })),
      taken: await failure(member.realmEmoji.upload({ emoji_name: 'party_parrot', file: image() })),
      unicode: await failure(member.realmEmoji.upload({ emoji_name: 'tada', file: image() })),
      notImage: await failure(member.realmEmoji.upload({ emoji_name: 'plain_text_file', file: image('notes.txt', 'text/plain') })),
      tooBig: await failure(member.realmEmoji.upload({ emoji_name: 'very_big_image', file: image('huge.png', 'image/png', new Uint8Array(5 * 1024 * 1024 + 1)) })),
      guest: await failure(t.client('guest').realmEmoji.upload({ emoji_name: 'guest_emoji', file: image() })),
      notAuthor: await failure(t.client('moderator').realmEmoji.deactivate({ emoji_name: 'party_parrot' })),
      unknown: await failure(member.realmEmoji.deactivate({ emoji_name: 'no_such' })),
    };
    expect(errors.badName.msg).toBe('Emoji names must contain only lowercase alphanumeric characters, hyphen, and underscore, and must not end with hyphen or underscore.');
    expect(errors.taken.msg).toBe('A custom emoji with this name already exists.');
    expect(errors.unicode.msg).toBe('Only administrators can override default emoji.');
    expect(errors.notImage.msg).toBe('Invalid image format');
    expect(errors.tooBig.msg).toBe('Uploaded file is larger than the allowed limit of 5 MiB');
    expect(errors.guest.msg).toBe('Insufficient permission');
    expect(errors.notAuthor.msg).toBe('Must be an organization administrator or emoji author');
    expect(errors.unknown.msg).toBe('Emoji does not exist');
    await t.client('administrator').realmEmoji.deactivate({ emoji_name: 'party_parrot' });
    const after = (await member.realmEmoji.list({})).emoji[added?.id ?? ''];
    expect(after?.deactivated).toBe(true);
    expect((await t.download('/user_avatars/1/emoji/images/999.png')).status).toBe(404);
    return { added, errors, served: served.status };
  }),

  scenario('events: state + events = fresh state, for custom emoji', async (t) => {
    const seen: Record<string, string[]> = {};
    seen['upload'] = await expectConsistent(t, 'guest', () => t.client('member').realmEmoji.upload({ emoji_name: 'octo', file: image() }));
    seen['deactivate'] = await expectConsistent(t, 'guest', () => t.client('member').realmEmoji.deactivate({ emoji_name: 'octo' }));
    expect(seen['upload']).toEqual(['realm_emoji:update']);
    return seen;
  }),
];
