import { beforeEach, describe, expect, test } from 'vitest';
import { createMarkdownFixture, type MarkdownFixture } from '../../../test/helpers/markdown-fixture.js';
import { insertMessage } from '../messages/insert-message.js';
import type { ChannelRecord } from '../model/records/channels.js';
import type { UserRecord } from '../model/records/users.js';
import type { MessageResolver } from './markdown-env.js';
import { RenderCache } from './render-cache.js';
import { renderMessage } from './render-message.js';

let f: MarkdownFixture;
beforeEach(async () => {
  f = await createMarkdownFixture();
});

const render = (content: string, sender: UserRecord = f.users.mike) => renderMessage(f.ctx, content, { sender });
/** Renders twice: the cache keeps a rendering from the second time. */
const renderKept = (content: string, sender: UserRecord = f.users.mike) => {
  render(content, sender);
  return render(content, sender);
};

describe('renderMessage: the render cache', () => {
  test('serves content rendered twice without rendering it again', () => {
    render('Hi @**Sam Same**, see #**general** :smile:');
    const second = render('Hi @**Sam Same**, see #**general** :smile:');
    expect(render('Hi @**Sam Same**, see #**general** :smile:')).toBe(second);
    expect(render('Hi @**Sam Same**, see #**general** :smile:', f.users.owner)).toBe(second);
  });

  test('renders again when a mentioned user was renamed', async () => {
    expect(renderKept('@**Mike Member** hi').html).toContain('user-mention');
    await f.store.write((db) => db.patch('users', f.users.mike.id, { full_name: 'Mike Renamed' }));
    const again = render('@**Mike Member** hi');
    expect(again.html).toBe('<p>@<strong>Mike Member</strong> hi</p>');
    expect(again.mentions.userIds.size).toBe(0);
  });

  test('asks again for each sender: a private channel is a link only for its subscribers', () => {
    expect(renderKept('#**secret**', f.users.owner).html).toContain('class="stream"');
    expect(render('#**secret**', f.users.mike).html).toBe('<p>#<strong>secret</strong></p>');
    expect(render('#**secret**', f.users.owner).html).toContain('class="stream"');
  });

  test('asks again for each sender: a group mention needs its can_mention_group', () => {
    expect(renderKept('@*leads* ping', f.users.owner).mentions.groupIds.has(f.groups.leads.id)).toBe(true);
    const denied = render('@*leads* ping', f.users.mike);
    expect(denied.mentions.groupIds.size).toBe(0);
    expect(denied.deniedGroupIds.has(f.groups.leads.id)).toBe(true);
  });

  test('links a topic with its newest message, also after a new one', async () => {
    const link = '#**team announce>Zulip updates**';
    expect(renderKept(link).html).toContain(`/with/${f.messages.updates[1]}"`);
    const newest = await f.store.write((db) =>
      insertMessage(
        { db, now: () => 1_700_000_100_000 },
        { sender: f.users.owner, content: 'More', client: 'test', flags: new Map([[f.users.owner.id, 0]]) },
        {
          kind: 'stream',
          channel: db.get('channels', f.channels.announce.id) as ChannelRecord,
          topic: 'Zulip updates',
        },
      ),
    );
    expect(render(link).html).toContain(`/with/${newest.id}"`);
  });

  test('renders again after the linkifiers change', async () => {
    expect(renderKept('Fixed in #123').html).toBe('<p>Fixed in #123</p>');
    await f.addLinkifier('#(?P<id>[0-9]+)', 'https://github.com/teamchat/teamchat/issues/{id}');
    expect(render('Fixed in #123').html).toBe(
      '<p>Fixed in <a href="https://github.com/teamchat/teamchat/issues/123">#123</a></p>',
    );
  });

  test('renders again when a custom emoji is added', async () => {
    expect(renderKept(':shipit:').html).toBe('<p>:shipit:</p>');
    await f.store.write((db) =>
      db.put('realm_emoji', {
        id: db.nextId('realm_emoji'),
        name: 'shipit',
        source_url: '/user_avatars/2/emoji/images/shipit.png',
        deactivated: false,
        author_id: f.users.owner.id,
      }),
    );
    expect(render(':shipit:').html).toContain('class="emoji"');
  });
});

describe('RenderCache', () => {
  const noLookups = {} as MessageResolver;
  const key = { linkifiers: [], realmUrl: 'http://localhost' };

  const counted = () => {
    const counter = {
      renders: 0,
      html: (content: string) => () => {
        counter.renders += 1;
        return { html: `<p>${content}</p>` };
      },
    };
    return counter;
  };

  test('keeps a rendering from the second time its content is rendered', () => {
    const cache = new RenderCache<{ html: string }>();
    const counter = counted();
    for (let i = 0; i < 20; i += 1) cache.render(`message ${i}`, key, noLookups, counter.html(`message ${i}`));
    expect(cache.count).toBe(0);
    cache.render('message 3', key, noLookups, counter.html('message 3'));
    expect(cache.count).toBe(1);
    cache.render('message 3', key, noLookups, counter.html('message 3'));
    expect(counter.renders).toBe(21);
  });

  test('holds at most its budget of characters, the least recently used going first', () => {
    const cache = new RenderCache<{ html: string }>(100);
    const counter = counted();
    for (let i = 0; i < 20; i += 1)
      for (const _time of [1, 2]) cache.render(`message ${i}`, key, noLookups, counter.html(`message ${i}`));
    // Each entry holds 9-10 + 16-17 characters: three or four fit.
    expect(cache.count).toBeLessThanOrEqual(4);
    expect(counter.renders).toBe(40);
    cache.render('message 19', key, noLookups, counter.html('message 19'));
    expect(counter.renders).toBe(40);
    cache.render('message 0', key, noLookups, counter.html('message 0'));
    expect(counter.renders).toBe(41);
  });

  test('starts afresh for another organization URL', () => {
    const cache = new RenderCache<{ html: string }>();
    let renders = 0;
    const make = () => {
      renders += 1;
      return { html: '<p>x</p>' };
    };
    cache.render('x', key, noLookups, make);
    cache.render('x', key, noLookups, make);
    cache.render('x', key, noLookups, make);
    expect(renders).toBe(2);
    cache.render('x', { ...key, realmUrl: 'http://elsewhere' }, noLookups, make);
    cache.render('x', { ...key, realmUrl: 'http://elsewhere' }, noLookups, make);
    expect(renders).toBe(4);
  });
});
