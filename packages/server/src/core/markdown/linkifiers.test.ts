import { beforeAll, describe, expect, test } from 'vitest';
import { createMemoryServer } from '../../memory.js';
import { createMarkdownFixture, type MarkdownFixture } from '../../../test/helpers/markdown-fixture.js';
import { renderMessage } from './render-message.js';
import { topicLinks } from './topic-links.js';

const ISSUE = 'https://github.com/teamchat/teamchat/issues/';
const issue = (id: string) => `<a href="${ISSUE}${id}">#${id}</a>`;

let f: MarkdownFixture;
beforeAll(async () => {
  f = await createMarkdownFixture();
  await f.addLinkifier('#(?P<id>[0-9]+)', `${ISSUE}{id}`, 0);
  // Applied after the next one: `order` comes before the ID.
  await f.addLinkifier('(?P<project>[A-Z]{2,})-(?P<num>[0-9]+)', 'https://jira.example.com/browse/{project}-{num}', 2);
  await f.addLinkifier('ABC-(?P<id>[0-9]+)', 'https://abc.example.com/{id}', 1);
});

const html = (content: string) => renderMessage(f.ctx, content, { sender: f.users.mike }).html;

describe('linkifiers in messages', () => {
  const rows: [string, string, string][] = [
    ['a match', '#123', `<p>${issue('123')}</p>`],
    ['a match before punctuation', 'fix #123.', `<p>fix ${issue('123')}.</p>`],
    ['a match after an opening parenthesis', '(#123)', `<p>(${issue('123')})</p>`],
    ['a match after a colon or quote', 'see:#1 "#2"', `<p>see:${issue('1')} "${issue('2')}"</p>`],
    ['a match after a Unicode space', 'a\u3000#7', `<p>a\u3000${issue('7')}</p>`],
    ['no match inside a word', 'x#123', '<p>x#123</p>'],
    ['no match followed by a letter or digit', '#123abc #12é', '<p>#123abc #12é</p>'],
    ['adjacent matches sharing a delimiter', '#1,#2', `<p>${issue('1')},${issue('2')}</p>`],
    ['matches on every line', 'a\n#4', `<p>a<br>\n${issue('4')}</p>`],
    [
      'earlier linkifiers (by order) winning on overlap',
      'ABC-12 XY-7',
      '<p><a href="https://abc.example.com/12">ABC-12</a> <a href="https://jira.example.com/browse/XY-7">XY-7</a></p>',
    ],
    ['no match right after markup, as on the real server', '**#123**', '<p><strong>#123</strong></p>'],
    ['a match inside markup', '**see #123**', `<p><strong>see ${issue('123')}</strong></p>`],
    ['nothing in code', '`#123`', '<p><code>#123</code></p>'],
    ['nothing inside links', '[#123](https://x.org)', '<p><a href="https://x.org">#123</a></p>'],
    ['bare URLs first', 'https://x.org/a #9', `<p><a href="https://x.org/a">https://x.org/a</a> ${issue('9')}</p>`],
  ];
  test.each(rows)('links %s', (_name, input, expected) => {
    expect(html(input)).toBe(expected);
  });

  test('follows changes of the linkifiers', async () => {
    const fixture = await createMarkdownFixture();
    const render = () => renderMessage(fixture.ctx, 'T-1', { sender: fixture.users.mike }).html;
    expect(render()).toBe('<p>T-1</p>');
    const id = await fixture.addLinkifier('T-(?P<n>\\d+)', 'https://t.example/{n}');
    expect(render()).toBe('<p><a href="https://t.example/1">T-1</a></p>');
    await fixture.store.write((db) => db.delete('linkifiers', id));
    expect(render()).toBe('<p>T-1</p>');
  });

  test('links issue numbers in the demo organization', async () => {
    const { core, accounts } = await createMemoryServer({ seed: 1 });
    const { store, indexes, config, now } = core.services;
    const realm = store.get('realm', 1);
    const sender = store.get('users', accounts[0]?.userId ?? 0);
    if (!realm || !sender) throw new Error('the demo organization is missing');
    const rendered = renderMessage({ db: store.begin(), indexes, realm, config, now }, 'Fixed in #42', { sender });
    expect(rendered.html).toBe(`<p>Fixed in ${issue('42')}</p>`);
  });

  test('skips stored linkifiers that do not compile', async () => {
    const fixture = await createMarkdownFixture();
    await fixture.addLinkifier('(?P<broken', 'https://x/{broken}');
    await fixture.addLinkifier('#(?P<id>\\d+)', 'https://x/{id}');
    expect(renderMessage(fixture.ctx, '#1', { sender: fixture.users.mike }).html).toBe(
      '<p><a href="https://x/1">#1</a></p>',
    );
  });
});

describe('topicLinks', () => {
  const rows: [string, string, { text: string; url: string }[]][] = [
    ['a linkifier match', 'fix #123', [{ text: '#123', url: `${ISSUE}123` }]],
    [
      'several matches in order',
      '#2 then #1',
      [
        { text: '#2', url: `${ISSUE}2` },
        { text: '#1', url: `${ISSUE}1` },
      ],
    ],
    ['the earlier linkifier on overlap', 'ABC-12', [{ text: 'ABC-12', url: 'https://abc.example.com/12' }]],
    [
      'raw URLs after linkifier matches, by position',
      'see https://zulip.com/x and #1',
      [
        { text: 'https://zulip.com/x', url: 'https://zulip.com/x' },
        { text: '#1', url: `${ISSUE}1` },
      ],
    ],
    [
      'https:// added to bare domains',
      'zulip.com/docs, www.example.com!',
      [
        { text: 'zulip.com/docs', url: 'https://zulip.com/docs' },
        { text: 'www.example.com', url: 'https://www.example.com' },
      ],
    ],
    [
      'linkifier matches over overlapping URLs',
      'XY-7.com',
      [{ text: 'XY-7', url: 'https://jira.example.com/browse/XY-7' }],
    ],
    [
      'no HTML escaping',
      'a&b https://x.org/?a=1&b=2',
      [{ text: 'https://x.org/?a=1&b=2', url: 'https://x.org/?a=1&b=2' }],
    ],
    ['nothing in a plain topic', 'lunch plans', []],
    ['nothing in file names', 'readme.md', []],
  ];
  test.each(rows)('finds %s', (_name, topic, links) => {
    expect(topicLinks(f.ctx, topic)).toEqual(links);
  });

  test('returns fresh objects from its cache', () => {
    const first = topicLinks(f.ctx, 'fix #5');
    (first[0] as { text: string }).text = 'changed';
    expect(topicLinks(f.ctx, 'fix #5')).toEqual([{ text: '#5', url: `${ISSUE}5` }]);
  });
});
