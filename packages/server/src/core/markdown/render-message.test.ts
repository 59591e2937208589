import { beforeAll, describe, expect, test } from 'vitest';
import type { UserRecord } from '../model/records/users.js';
import { createMarkdownFixture, type MarkdownFixture } from '../../../test/helpers/markdown-fixture.js';
import { renderMessage } from './render-message.js';

let f: MarkdownFixture;
beforeAll(async () => {
  f = await createMarkdownFixture();
});

const render = (content: string, sender: UserRecord = f.users.mike) => renderMessage(f.ctx, content, { sender });
const smile = '<span aria-label="smile" class="emoji emoji-1f604" role="img" title="smile">:smile:</span>';

describe('renderMessage: Markdown dialect', () => {
  const rows: [string, string, string][] = [
    ['a paragraph', 'hello', '<p>hello</p>'],
    ['paragraphs joined by a newline', 'a\n\nb', '<p>a</p>\n<p>b</p>'],
    ['soft line breaks', 'a\nb', '<p>a<br>\nb</p>'],
    [
      'emphasis, strong, both, strike',
      '*em* **strong** ***both*** ~~del~~',
      '<p><em>em</em> <strong>strong</strong> <strong><em>both</em></strong> <del>del</del></p>',
    ],
    ['no underscore emphasis', '_a_ __b__ snake_case_name', '<p>_a_ __b__ snake_case_name</p>'],
    ['no emphasis in C pointers', 'const char *x = (char *)y', '<p>const char *x = (char *)y</p>'],
    ['a link', '[Zulip](https://zulip.com)', '<p><a href="https://zulip.com">Zulip</a></p>'],
    [
      'a link without text shows its address',
      '[](https://zulip.com)',
      '<p><a href="https://zulip.com">https://zulip.com</a></p>',
    ],
    ['a bare URL before punctuation', 'see https://x.org.', '<p>see <a href="https://x.org">https://x.org</a>.</p>'],
    ['a bare domain', 'go to example.com please', '<p>go to <a href="http://example.com">example.com</a> please</p>'],
    ['file names are no domains', 'see readme.md and views.py', '<p>see readme.md and views.py</p>'],
    ['an email address', 'mail a@b.com', '<p>mail <a href="mailto:a@b.com">a@b.com</a></p>'],
    ['unsafe links stay text', '[x](javascript:alert(1))', '<p>[x](javascript:alert(1))</p>'],
    [
      'links into the organization become relative',
      '[here](http://127.0.0.1:9991/#narrow/channel/1-general)',
      '<p><a href="#narrow/channel/1-general">here</a></p>',
    ],
    [
      'no reference links',
      '[a]\n\n[a]: https://x.org',
      '<p>[a]</p>\n<p>[a]: <a href="https://x.org">https://x.org</a></p>',
    ],
    ['a bullet list', '* one\n* two', '<ul>\n<li>one</li>\n<li>two</li>\n</ul>'],
    ['a list hanging off a paragraph', 'list:\n- one\n- two', '<p>list:</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>'],
    ['an ordered list', '3. a\n4. b', '<ol start="3">\n<li>a</li>\n<li>b</li>\n</ol>'],
    ['a quote', '> quoted', '<blockquote>\n<p>quoted</p>\n</blockquote>'],
    ['a heading', '# Title', '<h1>Title</h1>'],
    ['no heading without a space', '#Title', '<p>#Title</p>'],
    [
      'a code block with a language',
      '```python\nprint("hi")  \n```',
      '<div class="codehilite" data-code-language="Python"><pre><span></span><code>print(&quot;hi&quot;)\n</code></pre></div>',
    ],
    [
      'language aliases are canonical',
      '```js\nx\n```',
      '<div class="codehilite" data-code-language="JavaScript"><pre><span></span><code>x\n</code></pre></div>',
    ],
    [
      'py is Python',
      '~~~ py\nx\n~~~',
      '<div class="codehilite" data-code-language="Python"><pre><span></span><code>x\n</code></pre></div>',
    ],
    [
      'unknown languages stay as typed',
      '```InventedLanguage\nx\n```',
      '<div class="codehilite" data-code-language="inventedlanguage"><pre><span></span><code>x\n</code></pre></div>',
    ],
    [
      'a code block without language',
      "```\nit's <b>\n```",
      '<div class="codehilite"><pre><span></span><code>it&#39;s &lt;b&gt;\n</code></pre></div>',
    ],
    [
      'an indented code block',
      '    x = 1',
      '<div class="codehilite"><pre><span></span><code>x = 1\n</code></pre></div>',
    ],
    ['an empty code block renders nothing', 'a\n```\n```', '<p>a</p>'],
    ['a fenced quote', '~~~ quote\n**q**\n~~~', '<blockquote>\n<p><strong>q</strong></p>\n</blockquote>'],
    [
      'fences nest inside fenced quotes',
      '````quote\n```\ncode\n```\n````',
      '<blockquote>\n<div class="codehilite"><pre><span></span><code>code\n</code></pre></div>\n</blockquote>',
    ],
    [
      'a spoiler',
      '```spoiler Title\nhidden\n```',
      '<div class="spoiler-block"><div class="spoiler-header">\n<p>Title</p>\n</div><div class="spoiler-content" aria-hidden="true">\n<p>hidden</p>\n</div></div>',
    ],
    ['inline code keeps its spaces', '`a <b>` and ` c `', '<p><code>a &lt;b&gt;</code> and <code> c </code></p>'],
    [
      'a table',
      'a | b\n--- | ---:\n1 | 2',
      '<table>\n<thead>\n<tr>\n<th>a</th>\n<th style="text-align: right;">b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n<td style="text-align: right;">2</td>\n</tr>\n</tbody>\n</table>',
    ],
    ['an emoji', ':smile:', `<p>${smile}</p>`],
    [
      'an emoji name with underscores',
      ':slightly_smiling_face:',
      '<p><span aria-label="slightly smiling face" class="emoji emoji-1f642" role="img" title="slightly smiling face">:slightly_smiling_face:</span></p>',
    ],
    ['emoji inside strong', '**:smile:**', `<p><strong>${smile}</strong></p>`],
    ['unknown emoji names stay text', ':notanemoji: :smile', '<p>:notanemoji: :smile</p>'],
    [
      'a Unicode emoji',
      'I 🐙',
      '<p>I <span aria-label="octopus" class="emoji emoji-1f419" role="img" title="octopus">:octopus:</span></p>',
    ],
    [
      'a keycap emoji',
      '#️⃣',
      '<p><span aria-label="hash" class="emoji emoji-0023-20e3" role="img" title="hash">:hash:</span></p>',
    ],
    ['digits are not emoji', '123 ↔', '<p>123 ↔</p>'],
    [
      'the image emoji',
      ':zulip:',
      '<p><img alt=":zulip:" class="emoji" src="/static/generated/emoji/images/emoji/unicode/zulip.png" title="zulip"></p>',
    ],
    [
      'no emoji in code or links',
      '`:smile:` [:smile:](https://x.org)',
      '<p><code>:smile:</code> <a href="https://x.org">:smile:</a></p>',
    ],
    ['/me', '/me waves', '<p>/me waves</p>'],
    ['HTML is escaped', '<script>alert("x")</script> & co', '<p>&lt;script&gt;alert("x")&lt;/script&gt; &amp; co</p>'],
    [
      'HTML in attributes is escaped',
      '[x](https://x.org/"><script>)',
      '<p><a href="https://x.org/&quot;&gt;&lt;script&gt;">x</a></p>',
    ],
  ];
  test.each(rows)('renders %s', (_name, input, html) => {
    expect(render(input).html).toBe(html);
  });

  test('flags /me messages', () => {
    expect(render('/me waves').isMeMessage).toBe(true);
    expect(render('/mentions').isMeMessage).toBe(false);
    expect(render(' /me waves').isMeMessage).toBe(false);
  });
});

describe('renderMessage: mentions', () => {
  const mention = (user: UserRecord, text = `@${user.full_name}`, silent = false) =>
    `<span class="user-mention${silent ? ' silent' : ''}" data-user-id="${user.id}">${text}</span>`;
  const cases: [string, () => [string, string, number[]]][] = [
    ['by full name', () => ['@**Mike Member**', `<p>${mention(f.users.mike)}</p>`, [f.users.mike.id]]],
    [
      'by name in any case, showing the current name',
      () => ['hi @**mike MEMBER**!', `<p>hi ${mention(f.users.mike)}!</p>`, [f.users.mike.id]],
    ],
    [
      'with |id to tell users of the same name apart',
      () => [`@**Sam Same|${f.users.samOld.id}**`, `<p>${mention(f.users.samOld)}</p>`, [f.users.samOld.id]],
    ],
    [
      'of the newest account when several share the name',
      () => ['@**Sam Same**', `<p>${mention(f.users.samNew)}</p>`, [f.users.samNew.id]],
    ],
    ['by |id alone', () => [`@**|${f.users.owner.id}**`, `<p>${mention(f.users.owner)}</p>`, [f.users.owner.id]]],
    [
      'not when the name does not match the |id',
      () => [`@**Olivia Owner|${f.users.mike.id}**`, `<p>@<strong>Olivia Owner|${f.users.mike.id}</strong></p>`, []],
    ],
    ['not for unknown names', () => ['@**Nobody Here**', '<p>@<strong>Nobody Here</strong></p>', []]],
    ['silently with @_', () => ['@_**Mike Member**', `<p>${mention(f.users.mike, 'Mike Member', true)}</p>`, []]],
    [
      'of deactivated users silently',
      () => ['@**Dana Gone**', `<p>${mention(f.users.dana, 'Dana Gone', true)}</p>`, []],
    ],
    [
      'escaping the name',
      () => ['@**<b>Evil</b>**', `<p>${mention(f.users.evil, '@&lt;b&gt;Evil&lt;/b&gt;')}</p>`, [f.users.evil.id]],
    ],
    [
      'after an opening bracket or quote',
      () => [
        '(@**Mike Member**) "@**Mike Member**"',
        `<p>(${mention(f.users.mike)}) "${mention(f.users.mike)}"</p>`,
        [f.users.mike.id],
      ],
    ],
    ['not inside a word', () => ['x@**Mike Member**', '<p>x@<strong>Mike Member</strong></p>', []]],
    ['not in inline code', () => ['`@**Mike Member**`', '<p><code>@**Mike Member**</code></p>', []]],
    [
      'not in code blocks',
      () => [
        '```\n@**Mike Member**\n```',
        '<div class="codehilite"><pre><span></span><code>@**Mike Member**\n</code></pre></div>',
        [],
      ],
    ],
    [
      'silently inside quotes',
      () => [
        '> @**Mike Member**',
        `<blockquote>\n<p>${mention(f.users.mike, 'Mike Member', true)}</p>\n</blockquote>`,
        [],
      ],
    ],
    [
      'silently inside fenced quotes',
      () => [
        '```quote\n@**Mike Member**\n```',
        `<blockquote>\n<p>${mention(f.users.mike, 'Mike Member', true)}</p>\n</blockquote>`,
        [],
      ],
    ],
  ];
  test.each(cases)('mentions a user %s', (_name, make) => {
    const [input, html, userIds] = make();
    const rendered = render(input, f.users.owner);
    expect(rendered.html).toBe(html);
    expect([...rendered.mentions.userIds]).toEqual(userIds);
  });

  const wildcards: [string, string, { stream: boolean; topic: boolean }][] = [
    [
      '@**all**',
      '<span class="user-mention channel-wildcard-mention" data-user-id="*">@all</span>',
      { stream: true, topic: false },
    ],
    [
      '@**everyone**',
      '<span class="user-mention channel-wildcard-mention" data-user-id="*">@everyone</span>',
      { stream: true, topic: false },
    ],
    [
      '@**channel**',
      '<span class="user-mention channel-wildcard-mention" data-user-id="*">@channel</span>',
      { stream: true, topic: false },
    ],
    [
      '@**stream**',
      '<span class="user-mention channel-wildcard-mention" data-user-id="*">@stream</span>',
      { stream: true, topic: false },
    ],
    ['@**topic**', '<span class="topic-mention">@topic</span>', { stream: false, topic: true }],
    [
      '@_**all**',
      '<span class="user-mention channel-wildcard-mention silent" data-user-id="*">all</span>',
      { stream: false, topic: false },
    ],
    ['@_**topic**', '<span class="topic-mention silent">topic</span>', { stream: false, topic: false }],
    [
      '> @**all**',
      '<span class="user-mention channel-wildcard-mention silent" data-user-id="*">all</span>',
      { stream: false, topic: false },
    ],
  ];
  test.each(wildcards)('renders the wildcard %s', (input, span, flags) => {
    const rendered = render(input);
    expect(rendered.html).toContain(span);
    expect(rendered.mentions.streamWildcard).toBe(flags.stream);
    expect(rendered.mentions.topicWildcard).toBe(flags.topic);
    expect(rendered.mentions.userIds.size).toBe(0);
  });

  test('mentions a group anyone may mention', () => {
    const rendered = render('@*support* and @_*support*');
    const id = f.groups.support.id;
    expect(rendered.html).toBe(
      `<p><span class="user-group-mention" data-user-group-id="${id}">@support</span> and <span class="user-group-mention silent" data-user-group-id="${id}">support</span></p>`,
    );
    expect([...rendered.mentions.groupIds]).toEqual([id]);
    expect(rendered.deniedGroupIds.size).toBe(0);
  });

  test('mentions a group only when the sender is in its can_mention_group', () => {
    const id = f.groups.leads.id;
    const byOwner = render('@*leads*', f.users.owner);
    expect(byOwner.html).toBe(`<p><span class="user-group-mention" data-user-group-id="${id}">@leads</span></p>`);
    expect([...byOwner.mentions.groupIds]).toEqual([id]);
    const byMember = render('@*leads*', f.users.mike);
    expect(byMember.html).toBe(
      `<p><span class="user-group-mention silent" data-user-group-id="${id}">leads</span></p>`,
    );
    expect(byMember.mentions.groupIds.size).toBe(0);
    expect([...byMember.deniedGroupIds]).toEqual([id]);
  });

  test('renders system groups silently, by their display name', () => {
    const members = [...f.store.all('user_groups')].find((group) => group.name === 'role:members');
    const span = `<span class="user-group-mention silent" data-user-group-id="${members?.id}">Members</span>`;
    expect(render('@_*role:members*').html).toBe(`<p>${span}</p>`);
    const loud = render('@*role:members*', f.users.owner);
    expect(loud.html).toBe(`<p>${span}</p>`);
    expect(loud.mentions.groupIds.size).toBe(0);
    expect([...loud.deniedGroupIds]).toEqual([members?.id]);
  });

  test('renders deactivated groups silently and leaves unknown or differently cased groups as text', () => {
    expect(render('@*retired*').html).toBe(
      `<p><span class="user-group-mention silent" data-user-group-id="${f.groups.retired.id}">retired</span></p>`,
    );
    expect(render('@*retired*').mentions.groupIds.size).toBe(0);
    expect(render('@*nobody* @*Support*').html).toBe('<p>@<em>nobody</em> @<em>Support</em></p>');
  });

  test('does not count group mentions inside quotes or code', () => {
    const rendered = render('> @*leads*\n\n`@*support*`');
    expect(rendered.mentions.groupIds.size).toBe(0);
    expect(rendered.deniedGroupIds.size).toBe(0);
  });
});

describe('renderMessage: channel, topic and message links', () => {
  const general = () => f.channels.general.id;
  const announce = () => f.channels.announce.id;
  const cases: [string, () => [string, UserRecord, string]][] = [
    [
      'a channel',
      () => [
        '#**general**',
        f.users.mike,
        `<p><a class="stream" data-stream-id="${general()}" href="/#narrow/channel/${general()}-general">#general</a></p>`,
      ],
    ],
    [
      'a channel with spaces in its name',
      () => [
        '#**team announce**',
        f.users.mike,
        `<p><a class="stream" data-stream-id="${announce()}" href="/#narrow/channel/${announce()}-team-announce">#team announce</a></p>`,
      ],
    ],
    [
      'a topic, with its newest message',
      () => [
        '#**team announce>Zulip updates**',
        f.users.mike,
        `<p><a class="stream-topic" data-stream-id="${announce()}" href="/#narrow/channel/${announce()}-team-announce/topic/Zulip.20updates/with/${f.messages.updates[1]}">#team announce &gt; Zulip updates</a></p>`,
      ],
    ],
    [
      'a topic in another case',
      () => [
        '#**team announce>zulip UPDATES**',
        f.users.mike,
        `<p><a class="stream-topic" data-stream-id="${announce()}" href="/#narrow/channel/${announce()}-team-announce/topic/zulip.20UPDATES/with/${f.messages.updates[1]}">#team announce &gt; zulip UPDATES</a></p>`,
      ],
    ],
    [
      'a topic without messages',
      () => [
        '#**general>a.b (c)**',
        f.users.mike,
        `<p><a class="stream-topic" data-stream-id="${general()}" href="/#narrow/channel/${general()}-general/topic/a.2Eb.20.28c.29">#general &gt; a.b (c)</a></p>`,
      ],
    ],
    [
      'the empty topic',
      () => [
        '#**general>**',
        f.users.mike,
        `<p><a class="stream-topic" data-stream-id="${general()}" href="/#narrow/channel/${general()}-general/topic/">#general &gt; <em>general chat</em></a></p>`,
      ],
    ],
    [
      'a message',
      () => [
        '#**general>lunch@12**',
        f.users.mike,
        `<p><a class="message-link" href="/#narrow/channel/${general()}-general/topic/lunch/near/12">#general &gt; lunch @ 💬</a></p>`,
      ],
    ],
    [
      'a message in the empty topic',
      () => [
        '#**general>@5**',
        f.users.mike,
        `<p><a class="message-link" href="/#narrow/channel/${general()}-general/topic//near/5">#general &gt; <em>general chat</em> @ 💬</a></p>`,
      ],
    ],
    [
      'a private channel for its subscriber',
      () => [
        '#**secret>plans**',
        f.users.owner,
        `<p><a class="stream-topic" data-stream-id="${f.channels.secret.id}" href="/#narrow/channel/${f.channels.secret.id}-secret/topic/plans/with/${f.messages.plans[0]}">#secret &gt; plans</a></p>`,
      ],
    ],
    [
      'no private channel the sender cannot see',
      () => [
        '#**secret** #**secret>plans**',
        f.users.mike,
        '<p>#<strong>secret</strong> #<strong>secret&gt;plans</strong></p>',
      ],
    ],
    [
      'no public channel for a guest who is not subscribed',
      () => ['#**team announce**', f.users.gina, '<p>#<strong>team announce</strong></p>'],
    ],
    ['no unknown channel', () => ['#**nowhere**', f.users.mike, '<p>#<strong>nowhere</strong></p>']],
    ['no channel named in another case', () => ['#**General**', f.users.mike, '<p>#<strong>General</strong></p>']],
    ['no link inside a word', () => ['a#**general**', f.users.mike, '<p>a#<strong>general</strong></p>']],
  ];
  test.each(cases)('links %s', (_name, make) => {
    const [input, sender, html] = make();
    expect(render(input, sender).html).toBe(html);
  });
});

describe('renderMessage: what the message contains', () => {
  const cases: [string, string, { hasLink: boolean; hasImage: boolean; uploads: string[] }][] = [
    ['plain text', 'hi', { hasLink: false, hasImage: false, uploads: [] }],
    ['a link to an image', 'look https://x.org/cat.PNG', { hasLink: true, hasImage: true, uploads: [] }],
    [
      'an image link inside a quote (no preview)',
      '> https://x.org/cat.png',
      { hasLink: true, hasImage: false, uploads: [] },
    ],
    ['a channel link', '#**general**', { hasLink: true, hasImage: false, uploads: [] }],
    [
      'an upload',
      '[report](/user_uploads/2/ab/report.pdf)',
      { hasLink: true, hasImage: false, uploads: ['2/ab/report.pdf'] },
    ],
    [
      'an absolute link to an uploaded image',
      'http://127.0.0.1:9991/user_uploads/2/cd/cat.png',
      { hasLink: true, hasImage: true, uploads: ['2/cd/cat.png'] },
    ],
    [
      "another server's upload",
      'https://other.org/user_uploads/2/cd/x.pdf',
      { hasLink: true, hasImage: false, uploads: [] },
    ],
    // Only links that name an upload or an image are parsed: these name one once parsed.
    [
      'an upload with a tab in its address (URL parsing drops it)',
      '[x](<http://127.0.0.1:9991/user_\tuploads/2/ab/x.p\tng>)',
      { hasLink: true, hasImage: true, uploads: ['2/ab/x.png'] },
    ],
    [
      'an upload behind a dot segment and backslashes',
      '[x](http://127.0.0.1:9991/a/..\\user_uploads\\2\\ab\\x.gif)',
      { hasLink: true, hasImage: true, uploads: ['2/ab/x.gif'] },
    ],
    ['an encoded dot is no extension', 'https://x.org/cat%2Epng', { hasLink: true, hasImage: false, uploads: [] }],
  ];
  test.each(cases)('reports links, images and uploads for %s', (_name, input, expected) => {
    const rendered = render(input);
    expect(rendered.hasLink).toBe(expected.hasLink);
    expect(rendered.hasImage).toBe(expected.hasImage);
    expect(rendered.uploadPathIds).toEqual(expected.uploads);
    expect(rendered.hasAttachment).toBe(expected.uploads.length > 0);
  });

  test('rewrites absolute links to uploads as relative ones', () => {
    expect(render('http://127.0.0.1:9991/user_uploads/2/cd/cat.png').html).toBe(
      '<p><a href="user_uploads/2/cd/cat.png">http://127.0.0.1:9991/user_uploads/2/cd/cat.png</a></p>',
    );
  });
});
