import { parseTemplate, type PrimitiveValue, type Template } from 'url-template';
import { pythonPatternToJs, type JsPattern } from './python-regex.js';
import { uriTemplateVariables } from './uri-template-syntax.js';

/** Names of the groups that wrap a linkifier's pattern (the real server's names). */
export const LINKIFIER_GROUPS = {
  before: 'linkifier_before_match',
  match: 'linkifier_actual_match',
  after: 'linkifier_after_match',
} as const;

/** A linkifier ready to match. */
export interface CompiledLinkifier {
  pattern: string;
  urlTemplate: string;
  /** The wrapped pattern, flags `gu` (stateful: reset `lastIndex` before use). */
  regex: RegExp;
  template: Template;
  /** Text every match contains (maybe ''): a text without it is not searched. */
  required: string;
}

/** Which field a linkifier validation error is about (the `errors` key of the real server's answer). */
export type LinkifierErrorField = 'pattern' | 'url_template' | '__all__';

/**
 * A linkifier failed validation; `message` is the real server's text (`Invalid URL
 * template.`, `Bad regular expression: …`).
 */
export class LinkifierError extends Error {
  override readonly name = 'LinkifierError';
  constructor(
    readonly field: LinkifierErrorField,
    message: string,
  ) {
    super(message);
  }
}

/** Whether `error` is a {@link LinkifierError}. */
export function isLinkifierError(error: unknown): error is LinkifierError {
  return error instanceof Error && error.name === 'LinkifierError' && 'field' in error;
}

function regexErrorDetail(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return /\/[dgimsuyv]*: (.*)$/s.exec(message)?.[1] ?? message;
}

// Characters with a meaning in a pattern (JavaScript's `u` mode); the others stand for themselves.
const PATTERN_SYNTAX = new Set([...'^$\\.*+?()[]{}|/']);
const QUANTIFIERS = new Set([...'?*+{']);

/**
 * The literal characters every match of `pattern` starts with: none when it may have
 * alternatives or ignores case; the last one goes when a quantifier follows it (`#?`).
 */
function requiredPrefix(pattern: JsPattern): string {
  const { source } = pattern;
  if (pattern.flags.includes('i') || source.includes('|')) return '';
  let end = 0;
  while (end < source.length && !PATTERN_SYNTAX.has(source[end] ?? '')) end += 1;
  const literal = [...source.slice(0, end)];
  if (QUANTIFIERS.has(source[end] ?? '')) literal.pop();
  return literal.join('');
}

/**
 * The real server's wrapping: a match must start the text or follow whitespace (NEL and
 * Unicode separators included) or one of `' " ( , : <`, and must not be followed by a
 * letter or digit.
 */
function wrap(pattern: JsPattern): RegExp {
  const { before, match, after } = LINKIFIER_GROUPS;
  return new RegExp(
    String.raw`(?<${before}>^|\s|\u0085|\p{Z}|['"(,:<])(?<${match}>${pattern.source})(?<${after}>$|[^\p{L}\p{N}])`,
    `gu${pattern.flags}`,
  );
}

/**
 * Validates and compiles a linkifier: a Python-syntax pattern with named groups
 * (`#(?P<id>[0-9]+)`) and an RFC 6570 URL template using exactly those groups
 * (`https://github.com/teamchat/teamchat/issues/{id}`). Throws {@link LinkifierError} with
 * the real server's messages, checked in its order.
 *
 * @example compileLinkifier('#(?P<id>[0-9]+)', 'https://example.com/issues/{id}')
 * @see https://zulip.com/api/get-linkifiers
 */
export function compileLinkifier(pattern: string, urlTemplate: string): CompiledLinkifier {
  let converted: JsPattern;
  let regex: RegExp;
  try {
    converted = pythonPatternToJs(pattern);
    regex = wrap(converted);
    // V8 compiles a pattern on its first use, and only then refuses one that is too large
    // (deeply nested groups): use it once here, so such a pattern is refused now rather than
    // failing every message rendered afterwards.
    regex.test('');
  } catch (error) {
    throw new LinkifierError('pattern', `Bad regular expression: ${regexErrorDetail(error)}`);
  }
  const variables = uriTemplateVariables(urlTemplate);
  if (variables === null) throw new LinkifierError('url_template', 'Invalid URL template.');
  const groups = converted.groupNames;
  const missingInPattern = variables.filter((name) => !groups.includes(name)).sort()[0];
  if (missingInPattern !== undefined) {
    throw new LinkifierError(
      '__all__',
      `Group '${missingInPattern}' in URL template is not present in linkifier pattern.`,
    );
  }
  const missingInTemplate = groups.filter((name) => !variables.includes(name)).sort()[0];
  if (missingInTemplate !== undefined) {
    throw new LinkifierError(
      '__all__',
      `Group '${missingInTemplate}' in linkifier pattern is not present in URL template.`,
    );
  }
  return { pattern, urlTemplate, regex, template: parseTemplate(urlTemplate), required: requiredPrefix(converted) };
}

/** One match of a linkifier in a text. */
export interface LinkifierMatch {
  /** Where the whole match starts (delimiter included; the real server's `topic_links` index). */
  matchStart: number;
  /** Where the linked text starts. */
  index: number;
  text: string;
  url: string;
}

/**
 * The matches of `linkifier` in `text`, left to right; each search goes on right after the
 * previous linked text, so a delimiter after one match can start the next. With
 * `atStart: false` a match at the very beginning of `text` is not allowed (the text follows
 * other markup).
 */
export function linkifierMatches(linkifier: CompiledLinkifier, text: string, atStart = true): LinkifierMatch[] {
  const { regex } = linkifier;
  const matches: LinkifierMatch[] = [];
  if (!text.includes(linkifier.required)) return matches;
  regex.lastIndex = 0;
  for (let found = regex.exec(text); found !== null; found = regex.exec(text)) {
    const before = found.groups?.[LINKIFIER_GROUPS.before] ?? '';
    const linked = found.groups?.[LINKIFIER_GROUPS.match] ?? '';
    if (linked === '' || (found.index === 0 && before === '' && !atStart)) {
      regex.lastIndex = found.index + 1;
      continue;
    }
    const context: Record<string, PrimitiveValue> = {};
    for (const [name, value] of Object.entries(found.groups ?? {})) if (value !== undefined) context[name] = value;
    const index = found.index + before.length;
    matches.push({ matchStart: found.index, index, text: linked, url: linkifier.template.expand(context) });
    regex.lastIndex = index + linked.length;
  }
  return matches;
}
