import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';
import { expectConsistent } from '../shared/consistency.js';

/** A 1×1 transparent PNG. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
  (c) => c.charCodeAt(0),
);
const image = (name = 'parrot.png', type = 'image/png', bytes: Uint8Array<ArrayBuffer> = PNG) =>
  new File([bytes], name, { type });

/** A multipart body of one file part with a file name and no Content-Type (as python-zulip-api sends files). */
function multipartWithoutType(
  name: string,
  bytes: Uint8Array,
): { body: Uint8Array<ArrayBuffer>; headers: Record<string, string> } {
  const boundary = 'teamchat-untyped-part';
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n`,
  );
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
  const body = new Uint8Array(head.length + bytes.length + tail.length);
  body.set(head);
  body.set(bytes, head.length);
  body.set(tail, head.length + bytes.length);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** GET /realm/emoji, POST and DELETE /realm/emoji/{emoji_name}, and the images. */
export const realmEmojiScenarios: Scenario[] = [
  scenario(
    'realm-emoji: members add custom emoji from an image; authors and administrators deactivate them',
    async (t) => {
      const member = t.client('member');
      expect(await member.realmEmoji.upload({ emoji_name: 'party_parrot', file: image() })).toEqual({});
      const { emoji } = await t.client('guest').realmEmoji.list({});
      const added = Object.values(emoji).find((e) => e.name === 'party_parrot');
      expect(added).toMatchObject({
        name: 'party_parrot',
        deactivated: false,
        author_id: t.accounts.member.userId,
        source_url: `/user_avatars/1/emoji/images/${added?.id}.png`,
      });
      const served = await t.download(added?.source_url ?? '', { role: 'guest' });
      expect(served).toMatchObject({
        status: 200,
        headers: { 'content-type': 'image/png', 'content-length': String(PNG.length) },
      });
      const { id } = await member.messages.send({
        type: 'stream',
        to: 'general',
        topic: 'emoji',
        content: 'Look :party_parrot:',
      });
      const rendered = (await member.messages.get({ message_id: id })).message.content;
      expect(rendered).toContain(`src="/user_avatars/1/emoji/images/${added?.id}.png"`);
      await member.messages.addReaction({ message_id: id, emoji_name: 'party_parrot' });
      const errors = {
        badName: await failure(member.realmEmoji.upload({ emoji_name: 'Party', file: image() })),
        taken: await failure(member.realmEmoji.upload({ emoji_name: 'party_parrot', file: image() })),
        unicode: await failure(member.realmEmoji.upload({ emoji_name: 'tada', file: image() })),
        notImage: await failure(
          member.realmEmoji.upload({ emoji_name: 'plain_text_file', file: image('notes.txt', 'text/plain') }),
        ),
        tooBig: await failure(
          member.realmEmoji.upload({
            emoji_name: 'very_big_image',
            file: image('huge.png', 'image/png', new Uint8Array(5 * 1024 * 1024 + 1)),
          }),
        ),
        guest: await failure(t.client('guest').realmEmoji.upload({ emoji_name: 'guest_emoji', file: image() })),
        notAuthor: await failure(t.client('moderator').realmEmoji.deactivate({ emoji_name: 'party_parrot' })),
        unknown: await failure(member.realmEmoji.deactivate({ emoji_name: 'no_such' })),
      };
      expect(errors.badName.msg).toBe(
        'Emoji names must contain only lowercase alphanumeric characters, hyphen, and underscore, and must not end with hyphen or underscore.',
      );
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
    },
  ),

  scenario(
    'realm-emoji: an image part without a Content-Type, or with application/octet-stream, is typed by its file name',
    async (t) => {
      // python-zulip-api (requests) sends a file with its name and no type; FormData sends an
      // untyped Blob as application/octet-stream. The real server guesses both from the name.
      const untyped = (name: string, bytes: Uint8Array) => multipartWithoutType(name, bytes);
      const member = t.client('member');
      const noType = await t.raw('POST', '/realm/emoji/team_smile', { role: 'member', ...untyped('smile.png', PNG) });
      const octetStream = await member.realmEmoji.upload({
        emoji_name: 'team_smile_two',
        file: image('smile.gif', ''),
      });
      const notImage = await t.raw('POST', '/realm/emoji/team_notes', { role: 'member', ...untyped('notes.txt', PNG) });
      const declaredWins = await failure(
        member.realmEmoji.upload({ emoji_name: 'team_declared', file: image('smile.png', 'text/plain') }),
      );
      expect(noType).toMatchObject({ status: 200, body: { result: 'success' } });
      expect(octetStream).toEqual({});
      expect(notImage).toMatchObject({
        status: 400,
        body: { result: 'error', code: 'BAD_REQUEST', msg: 'Invalid image format' },
      });
      expect(declaredWins.msg).toBe('Invalid image format');
      const { emoji } = await member.realmEmoji.list({});
      const smile = Object.values(emoji).find((e) => e.name === 'team_smile');
      const two = Object.values(emoji).find((e) => e.name === 'team_smile_two');
      expect(smile?.source_url).toMatch(/\.png$/);
      expect(two?.source_url).toMatch(/\.gif$/);
      const served = await t.download(smile?.source_url ?? '', { role: 'guest' });
      expect(served).toMatchObject({
        status: 200,
        headers: { 'content-type': 'image/png', 'content-length': String(PNG.length) },
      });
      // An upload (POST /user_uploads) without a type is served with the type its name says.
      const upload = await t.raw('POST', '/user_uploads', { role: 'member', ...untyped('photo.JPG', PNG) });
      const url = String((upload.body as Record<string, unknown>)['url']);
      const download = await t.download(url, { role: 'member' });
      expect(download.headers['content-type']).toBe('image/jpeg');
      return {
        noType: noType.status,
        octetStream,
        notImage: notImage.body,
        smile: smile?.source_url,
        two: two?.source_url,
        served: served.headers,
        upload: upload.status,
        download: download.headers,
      };
    },
  ),

  scenario('events: state + events = fresh state, for custom emoji', async (t) => {
    const seen: Record<string, string[]> = {};
    seen['upload'] = await expectConsistent(t, 'guest', () =>
      t.client('member').realmEmoji.upload({ emoji_name: 'octo', file: image() }),
    );
    seen['deactivate'] = await expectConsistent(t, 'guest', () =>
      t.client('member').realmEmoji.deactivate({ emoji_name: 'octo' }),
    );
    expect(seen['upload']).toEqual(['realm_emoji:update']);
    return seen;
  }),
];
