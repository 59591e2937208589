import { describe, expect, test } from 'vitest';
import { compileLinkifier, isLinkifierError, linkifierMatches, type LinkifierError } from './compile-linkifier.js';
import { pythonPatternToJs } from './python-regex.js';

describe('pythonPatternToJs', () => {
  const rows: [string, string, string][] = [
    ['#(?P<id>[0-9]+)', '#(?<id>[0-9]+)', ''],
    ['(?P<a>x)-(?P=a)', '(?<a>x)-\\k<a>', ''],
    ['\\pL+\\PN', '\\p{L}+\\P{N}', ''],
    ['\\p{Lu}', '\\p{Lu}', ''],
    ['\\Afoo\\z', '(?:^)foo(?:$)', ''],
    ['a{,3}b{2}c{1,}', 'a{0,3}b{2}c{1,}', ''],
    ['{literal}', '\\{literal\\}', ''],
    ['\\#\\@\\:\\ \\é', '#@: é', ''],
    ['\\.\\*\\(\\d', '\\.\\*\\(\\d', ''],
    ['[\\-a]', '[\\-a]', ''],
    ['[]a[]', '[\\]a\\[]', ''],
    ['\\x{263A}', '\\u{263A}', ''],
    ['(?i)abc', 'abc', 'i'],
    ['(?is)a.b', 'a.b', 'is'],
  ];
  test.each(rows)('converts %s', (python, source, flags) => {
    const converted = pythonPatternToJs(python);
    expect(converted.source).toBe(source);
    expect(converted.flags).toBe(flags);
  });

  test('lists the named groups', () => {
    expect(pythonPatternToJs('(?P<org>\\w+)/(?P<repo>\\w+)#(?P<id>\\d+)').groupNames).toEqual(['org', 'repo', 'id']);
  });
});

function compileError(pattern: string, template: string): LinkifierError {
  try {
    compileLinkifier(pattern, template);
  } catch (error) {
    if (isLinkifierError(error)) return error;
    throw error;
  }
  throw new Error(`expected ${pattern} / ${template} to be rejected`);
}

describe('compileLinkifier', () => {
  test('refuses a pattern V8 accepts but cannot compile (too large), instead of failing every later message', () => {
    const nested = `${'{"a":'.repeat(15_005)}1${'}'.repeat(15_005)}`;
    expect(() => compileLinkifier(nested, 'https://example.com/')).toThrow(
      'Bad regular expression: Regular expression too large',
    );
  });

  test('compiles a valid linkifier', () => {
    const linkifier = compileLinkifier('#(?P<id>[0-9]+)', 'https://github.com/teamchat/teamchat/issues/{id}');
    expect(linkifierMatches(linkifier, 'see #12').map((match) => match.url)).toEqual([
      'https://github.com/teamchat/teamchat/issues/12',
    ]);
  });

  test('expands every RFC 6570 operator with the groups', () => {
    const linkifier = compileLinkifier('(?P<org>[a-z]+)/(?P<path>[a-z/]+)!', 'https://x.org/{org}{/path}{?org}');
    expect(linkifierMatches(linkifier, 'team/a/b!')[0]?.url).toBe('https://x.org/team/a%2Fb?org=team');
  });

  const errors: [string, string, string, LinkifierError['field'], string][] = [
    [
      'an unterminated group',
      '(?P<id>[0-9]+',
      'https://x/{id}',
      'pattern',
      'Bad regular expression: Unterminated group',
    ],
    [
      'a bad group name',
      '(?P<1d>x)',
      'https://x/{id}',
      'pattern',
      "Bad regular expression: bad character in group name '1d'",
    ],
    ['a trailing backslash', 'x\\', 'https://x', 'pattern', 'Bad regular expression: bad escape (end of pattern)'],
    ['an unsupported flag', '(?x)a', 'https://x', 'pattern', 'Bad regular expression: unsupported flag (?x)'],
    [
      'a wrapper group name',
      '(?P<linkifier_actual_match>x)',
      'https://x/{linkifier_actual_match}',
      'pattern',
      'Bad regular expression: Duplicate capture group name',
    ],
    ['an unclosed expression', '#(?P<id>\\d+)', 'https://x/{id', 'url_template', 'Invalid URL template.'],
    ['a stray brace', '#(?P<id>\\d+)', 'https://x/}{id}', 'url_template', 'Invalid URL template.'],
    ['a reserved operator', '#(?P<id>\\d+)', 'https://x/{=id}', 'url_template', 'Invalid URL template.'],
    ['an empty expression', '#(?P<id>\\d+)', 'https://x/{}', 'url_template', 'Invalid URL template.'],
    [
      'a variable missing from the pattern',
      '#(?P<id>\\d+)',
      'https://x/{id}/{zeta}/{alpha}',
      '__all__',
      "Group 'alpha' in URL template is not present in linkifier pattern.",
    ],
    [
      'a group missing from the template',
      '#(?P<id>\\d+)-(?P<b>\\w)-(?P<a>\\w)',
      'https://x/{id}',
      '__all__',
      "Group 'a' in linkifier pattern is not present in URL template.",
    ],
    [
      'both, template first',
      '#(?P<id>\\d+)',
      'https://x/{other}',
      '__all__',
      "Group 'other' in URL template is not present in linkifier pattern.",
    ],
    ['a bad pattern before a bad template', '(', '{', 'pattern', 'Bad regular expression: Unterminated group'],
  ];
  test.each(errors)('rejects %s', (_name, pattern, template, field, message) => {
    const error = compileError(pattern, template);
    expect(error.field).toBe(field);
    expect(error.message).toBe(message);
  });
});

describe('linkifierMatches', () => {
  const linkifier = compileLinkifier('#(?P<id>[0-9]+)', 'https://x/{id}');
  const texts = (text: string, atStart = true) => linkifierMatches(linkifier, text, atStart).map((match) => match.text);
  const rows: [string, string, string[]][] = [
    ['at the start', '#1 x', ['#1']],
    ['after whitespace, NEL or a Unicode space', 'a #1\tb\u0085#2 c\u00a0#3', ['#1', '#2', '#3']],
    ['after \' " ( , : <', '\'#1 "#2 (#3 ,#4 :#5 <#6', ['#1', '#2', '#3', '#4', '#5', '#6']],
    ['not after other characters', 'a#1 -#2 [#3 /#4', []],
    ['not before a letter or digit', '#1a #2_ #3. #4', ['#2', '#3', '#4']],
  ];
  test.each(rows)('matches %s', (_name, text, expected) => {
    expect(texts(text)).toEqual(expected);
  });

  test('does not match at the very start of text that follows markup', () => {
    expect(texts('#1 #2', false)).toEqual(['#2']);
  });

  test('reports where the whole match and the linked text start', () => {
    expect(linkifierMatches(linkifier, 'a (#12)')).toEqual([
      { matchStart: 2, index: 3, text: '#12', url: 'https://x/12' },
    ]);
  });
});

describe('linkifierMatches: texts without what every match contains', () => {
  const rows: [string, string, string, string, string[]][] = [
    ['a literal start', 'CVE-(?P<id>[0-9]{4}-[0-9]+)', 'CVE-', 'see CVE-2024-1, CVE 2', ['CVE-2024-1']],
    ['an optional first character', 'x#?(?P<id>[0-9]+)', 'x', 'see x1 and 2', ['x1']],
    ['an optional character beyond the BMP', '😀?(?P<id>[0-9]+)', '', 'see 1', ['1']],
    ['alternatives', 'a(?P<id>[0-9]+)|b', '', 'see b', ['b']],
    ['case ignored', '(?i)zz-(?P<id>[0-9]+)', '', 'see ZZ-1', ['ZZ-1']],
    ['a group first', '(?P<id>[0-9]+)!', '', 'see 1!', ['1!']],
  ];
  test.each(rows)('are searched only when a match is possible: %s', (_name, pattern, required, text, found) => {
    const linkifier = compileLinkifier(pattern, 'https://x/{id}');
    expect(linkifier.required).toBe(required);
    expect(linkifierMatches(linkifier, text).map((match) => match.text)).toEqual(found);
  });
});
