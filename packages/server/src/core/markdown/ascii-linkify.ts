import type MarkdownIt from 'markdown-it';

/** The linkify-it instance of a markdown-it instance. */
export type Linkify = MarkdownIt['linkify'];

/**
 * linkify-it's compiled patterns: its `src_*` entries are sources (strings), the others regular
 * expressions (its types say they are all regular expressions).
 */
export type LinkifyPatterns = Record<string, RegExp | string | undefined>;

/**
 * The Unicode categories linkify-it builds its patterns from (uc.micro's `Any`, `Cc`, `Z`, `P`),
 * by the names of their sources in its patterns.
 */
const CATEGORIES = ['src_Any', 'src_P', 'src_Z', 'src_Cc'] as const;

const ASCII_ONLY = /^[\0-\x7f]*$/;

function hexEscape(code: number): string {
  return `\\x${code.toString(16).padStart(2, '0')}`;
}

/** The ASCII characters `source` matches, as one character class (`[^\s\S]`, matching nothing, for none). */
function asciiMembers(source: string): string {
  const whole = new RegExp(`^(?:${source})$`);
  const ranges: string[] = [];
  let first = -1;
  for (let code = 0; code <= 0x80; code += 1) {
    const member = code < 0x80 && whole.test(String.fromCharCode(code));
    if (member && first === -1) first = code;
    if (!member && first !== -1) {
      ranges.push(first === code - 1 ? hexEscape(first) : `${hexEscape(first)}-${hexEscape(code - 1)}`);
      first = -1;
    }
  }
  return ranges.length === 0 ? '[^\\s\\S]' : `[${ranges.join('')}]`;
}

/** Top-level alternatives of a pattern source (`a|[|]|(b|c)` → `a`, `[|]`, `(b|c)`). */
function alternatives(source: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inClass = false;
  let start = 0;
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i];
    if (char === '\\') i += 1;
    else if (inClass) inClass = char !== ']';
    else if (char === '[') inClass = true;
    else if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (char === '|' && depth === 0) {
      parts.push(source.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(source.slice(start));
  return parts;
}

/** Whether every match of `alternative` holds a UTF-16 surrogate (it is a sequence that starts with, or ends with, a class of them). */
function needsSurrogate(alternative: string): boolean {
  return /^\\uD[89AB][0-9A-F]{2}|^\[\\uD[89AB]|\[\\uDC00-\\uDFFF\]$/i.test(alternative);
}

/**
 * `source` with each category's source replaced by the class of its ASCII members, or null when
 * the replacement could change what it matches in ASCII text. A category's source is a
 * character class, then alternatives for characters beyond the Basic Multilingual Plane, each
 * holding a surrogate (which ASCII text has none of). Those alternatives can go only where
 * nothing is concatenated after the category's source (the last alternative would take it):
 * where it is followed by `|`, `)` or the end.
 */
function reduceSource(
  source: string,
  categories: readonly { source: string; ascii: string; single: boolean }[],
): string | null {
  let reduced = source;
  for (const category of categories) {
    const pieces = reduced.split(category.source);
    for (let i = 1; i < pieces.length && !category.single; i += 1) {
      const next = (pieces[i] as string)[0];
      if (next !== undefined && next !== '|' && next !== ')') return null;
    }
    reduced = pieces.join(category.ascii);
  }
  return reduced;
}

function reducePatterns(re: LinkifyPatterns): LinkifyPatterns | null {
  const categories = [];
  for (const name of CATEGORIES) {
    const source = re[name];
    if (typeof source !== 'string') return null;
    const [first, ...rest] = alternatives(source);
    if (first === undefined || !rest.every(needsSurrogate)) return null;
    categories.push({ source, ascii: asciiMembers(first), single: rest.length === 0 });
  }
  // Longest first, so that no category's source is cut out of a longer one.
  categories.sort((a, b) => b.source.length - a.source.length);
  const reduced: LinkifyPatterns = {};
  for (const [name, value] of Object.entries(re)) {
    if (typeof value === 'string' && name.startsWith('src_')) {
      const source = reduceSource(value, categories);
      if (source === null) return null;
      reduced[name] = source;
    } else if (value instanceof RegExp) {
      const source = reduceSource(value.source, categories);
      if (source === null) return null;
      reduced[name] = new RegExp(source, value.flags);
    } else {
      reduced[name] = value;
    }
  }
  return reduced;
}

/** Views already made, by the compiled patterns they were made from (linkify-it makes new ones when its schemas change). */
const views = new WeakMap<object, Linkify | null>();

/**
 * `linkify` as it should run on `text`: for ASCII text (nearly every URL written), a view of it
 * with the same schemas, options and validators whose patterns know only ASCII. linkify-it's
 * patterns spell out Unicode categories (tens of kilobytes of ranges); on ASCII text the reduced
 * ones match exactly the same, 5–6 times as fast. The view is the instance itself (its
 * prototype) with patterns of its own and its own match state.
 */
export function linkifyFor(linkify: Linkify, text: string): Linkify {
  if (!ASCII_ONLY.test(text)) return linkify;
  const re = linkify.re as unknown as LinkifyPatterns;
  let view = views.get(re);
  if (view === undefined) {
    const patterns = reducePatterns(re);
    view = null;
    if (patterns) {
      view = Object.create(linkify) as Linkify;
      Object.assign(view, {
        re: patterns,
        // linkify-it's match state (set by `test`), the view's own.
        __index__: -1,
        __last_index__: -1,
        __schema__: '',
        __text_cache__: '',
      });
    }
    views.set(re, view);
  }
  return view ?? linkify;
}
