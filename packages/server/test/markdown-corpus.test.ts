import { createHash } from 'node:crypto';
import { SeededRandom, messageContent } from '@teamchat/traffic';
import { expect, test } from 'vitest';
import { renderMessage, type RenderedMessage } from '../src/core/markdown/render-message.js';
import { createMarkdownFixture } from './helpers/markdown-fixture.js';

// Pins every byte the renderer gives for a large, varied corpus (HTML and facts): changes made
// for speed must leave it alone. The digest is the rendering of commit ec0954e, before the
// renderer was made cheaper (issue 28). A change of the rendering that is meant must update it,
// and say why.
const CORPUS_DIGEST = '725d7577d87d1320ee83e5df79f3fa43f72fb4839a5cb56a9226c69a1031af48';

/** Pieces of Markdown, put together at random: syntax of every kind, at every boundary. */
const FRAGMENTS = [
  'word',
  'Zulip',
  ' ',
  ' ',
  '  ',
  '\t',
  '\n',
  '\n\n',
  '**',
  '*',
  '***',
  '`',
  '```',
  '```python\n',
  '```quote\n',
  '```spoiler Head\n',
  '~~~\n',
  '\n```\n',
  '> ',
  '- ',
  '1. ',
  '# ',
  '| a | b |\n| --- | :-: |\n| c | d |',
  '~~',
  '_',
  '<b>',
  '&',
  '&amp;',
  '"',
  "'",
  '(',
  ')',
  ',',
  ':',
  '!',
  '.',
  '<',
  '>',
  '[',
  ']',
  '\\',
  '$$x^2$$',
  '<time:2026-01-02T10:00:00Z>',
  'https://example.com/posts/1',
  'https://x.org.',
  'http://example.com/a?b=c&d=e#f',
  'www.example.com',
  'example.com',
  'readme.md',
  'a@b.com',
  'mailto:x@y.org',
  'ftp://files.example.org/x',
  'javascript:alert(1)',
  'javascript://foo.com',
  'user:pass@example.com/x',
  'https://user@example.com:8080/p',
  'http://127.0.0.1:9991/user_uploads/1/ab/x.png',
  'http://127.0.0.1:9991/#narrow/channel/1-general',
  'https://пример.рф/путь',
  '[text](https://zulip.com)',
  '[](https://zulip.com)',
  '[x](javascript:alert(1))',
  '[x](/user_uploads/2/ab/cdef/shot.png)',
  '[t](<http://127.0.0.1:9991/user_\tuploads/1/ab/x.png>)',
  '[t](http://127.0.0.1:9991/x/%2e%2e/user_uploads/3/y.gif)',
  '@**Mike Member**',
  '@_**Sam Same|5**',
  '@**|2**',
  '@**Dana Gone**',
  '@**all**',
  '@**topic**',
  '@*support*',
  '@*leads*',
  '@*retired*',
  '#**general**',
  '#**team announce>Zulip updates**',
  '#**general>x@12**',
  '#**secret**',
  '#123',
  'T-42',
  ':smile:',
  ':zulip:',
  ':nope:',
  ':thumbs_up:',
  '😀',
  '👍🏽',
  '1️⃣',
  '©',
  '🇫🇷',
  'é',
  '\u00a0',
  '\u2028',
];

function corpus(): string[] {
  const random = new SeededRandom(1);
  const context = {
    people: ['Olivia Owner', 'Mike Member', 'Gina Guest', 'Dana Gone', 'Sam Same', '<b>Evil</b>', 'Nobody Here'],
    groups: ['support', 'leads', 'retired', 'nobody'],
    channels: ['general', 'team announce', 'secret', 'nowhere'],
    topics: ['Zulip updates', 'plans', 'nothing', ''],
    customEmoji: ['partyparrot'],
    uploads: [
      { name: 'shot.png', url: '/user_uploads/2/ab/cdef/shot.png', image: true },
      { name: 'notes.txt', url: '/user_uploads/2/cd/ef01/notes.txt', image: false },
    ],
  };
  const generated = Array.from({ length: 2_000 }, () => messageContent(random, context));
  const pieced = Array.from({ length: 3_000 }, () => {
    let content = '';
    for (let count = 1 + random.int(18); count > 0; count -= 1) content += random.pick(FRAGMENTS);
    return content;
  });
  const bench = Array.from(
    { length: 100 },
    (_, i) => `Posting **message ${i}** with *Markdown*, \`code\` and a link: https://example.com/posts/${i}`,
  );
  return [...generated, ...pieced, ...bench];
}

function line(rendered: RenderedMessage): string {
  return JSON.stringify({
    ...rendered,
    mentions: {
      ...rendered.mentions,
      userIds: [...rendered.mentions.userIds],
      groupIds: [...rendered.mentions.groupIds],
    },
    deniedGroupIds: [...rendered.deniedGroupIds],
  });
}

test('renders a corpus of 5,100 messages, without and with linkifiers, to the same bytes', async () => {
  const f = await createMarkdownFixture();
  const senders = [f.users.owner, f.users.mike, f.users.gina];
  const hash = createHash('sha256');
  const contents = corpus();
  const renderAll = () => {
    contents.forEach((content, i) => {
      hash.update(`${line(renderMessage(f.ctx, content, { sender: senders[i % 3] ?? f.users.mike }))}\n`);
    });
  };
  renderAll();
  await f.addLinkifier('#(?P<id>[0-9]+)', 'https://github.com/teamchat/teamchat/issues/{id}');
  await f.addLinkifier('T-(?P<n>\\d+)', 'https://t.example/{n}', 1);
  renderAll();
  expect(hash.digest('hex')).toBe(CORPUS_DIGEST);
});
