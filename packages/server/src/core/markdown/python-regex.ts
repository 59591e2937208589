/**
 * Converts the regular-expression syntax of the real server's linkifiers (Python / RE2:
 * `(?P<name>…)`, `(?P=name)`, `\pL`, `\A`, `\z`, `a{,3}`, literal `{`, leading `(?i)`) into
 * JavaScript's, for a RegExp with the `u` flag.
 */

/** A pattern in JavaScript syntax. */
export interface JsPattern {
  source: string;
  /** RegExp flags from a leading `(?ims)` group. */
  flags: string;
  /** Names of the named groups, in order. */
  groupNames: string[];
}

/** The pattern cannot be converted (the reason is the message). */
class PatternSyntaxError extends Error {
  override readonly name = 'PatternSyntaxError';
}

// Characters that keep their backslash in JavaScript's `u` mode.
const JS_SYNTAX = new Set([...'^$\\.*+?()[]{}|/']);
const LEADING_FLAGS = /^\(\?([a-zA-Z]+)\)/;
const QUANTIFIER = /^\{(\d*)(,(\d*))?\}/;
const GROUP_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Reads `pattern` from `from` up to the next `end` character; returns the text and the index after `end`. */
function readUntil(pattern: string, from: number, end: '>' | ')' | '}'): [string, number] {
  const close = pattern.indexOf(end, from);
  if (close === -1) throw new PatternSyntaxError(`missing ${end}, unterminated ${end === '}' ? 'escape' : 'name'}`);
  return [pattern.slice(from, close), close + 1];
}

/** Converts the escape at `pattern[at]` (a backslash); returns the JS text and the length read. */
function convertEscape(pattern: string, at: number, inClass: boolean): [string, number] {
  const next = String.fromCodePoint(pattern.codePointAt(at + 1) ?? 0);
  if (at + 1 >= pattern.length) throw new PatternSyntaxError('bad escape (end of pattern)');
  if (next === 'x' && pattern[at + 2] === '{') {
    const [hex, end] = readUntil(pattern, at + 3, '}');
    if (!/^[0-9A-Fa-f]{1,6}$/.test(hex)) throw new PatternSyntaxError(`bad escape \\x{${hex}}`);
    return [`\\u{${hex}}`, end - at];
  }
  if ((next === 'p' || next === 'P') && pattern[at + 2] === '{') {
    const [property, end] = readUntil(pattern, at + 3, '}');
    return [`\\${next}{${property}}`, end - at];
  }
  if (next === 'p' || next === 'P') {
    const letter = pattern[at + 2];
    if (letter === undefined || !/[A-Za-z]/.test(letter)) throw new PatternSyntaxError(`bad escape \\${next}`);
    return [`\\${next}{${letter}}`, 3];
  }
  if (!inClass && next === 'A') return ['(?:^)', 2];
  if (!inClass && (next === 'z' || next === 'Z')) return ['(?:$)', 2];
  if (/[A-Za-z0-9]/.test(next) || JS_SYNTAX.has(next) || (inClass && next === '-')) return [`\\${next}`, 2];
  // Escaped punctuation, spaces and non-ASCII characters are themselves.
  return [next, 1 + next.length];
}

/**
 * Converts a Python-syntax pattern to JavaScript syntax; throws an Error whose message
 * says what is wrong when it cannot. Anything else JavaScript cannot express is left for
 * `new RegExp` to reject.
 *
 * @example pythonPatternToJs('#(?P<id>[0-9]+)').source // '#(?<id>[0-9]+)'
 */
export function pythonPatternToJs(pattern: string): JsPattern {
  let flags = '';
  let i = 0;
  const leading = LEADING_FLAGS.exec(pattern);
  if (leading?.[1] !== undefined) {
    for (const flag of leading[1]) {
      if (!'ims'.includes(flag)) throw new PatternSyntaxError(`unsupported flag (?${flag})`);
      if (!flags.includes(flag)) flags += flag;
    }
    i = leading[0].length;
  }
  let source = '';
  const groupNames: string[] = [];
  let inClass = false;
  let classStart = false;
  while (i < pattern.length) {
    const char = pattern[i] as string;
    if (char === '\\') {
      const [text, length] = convertEscape(pattern, i, inClass);
      source += text;
      i += length;
      classStart = false;
      continue;
    }
    if (inClass) {
      // A `]` first in a class is a literal in Python; `[` inside one always is.
      if (char === ']' && !classStart) inClass = false;
      source += (char === ']' && classStart) || char === '[' ? `\\${char}` : char;
      classStart = false;
      i += 1;
      continue;
    }
    if (char === '[') {
      inClass = true;
      classStart = true;
      source += '[';
      i += 1;
      if (pattern[i] === '^') {
        source += '^';
        i += 1;
      }
      continue;
    }
    if (
      char === '(' &&
      (pattern.startsWith('(?P<', i) || (pattern.startsWith('(?<', i) && !'=!'.includes(pattern[i + 3] ?? '')))
    ) {
      const nameStart = pattern.startsWith('(?P<', i) ? i + 4 : i + 3;
      const [name, end] = readUntil(pattern, nameStart, '>');
      if (!GROUP_NAME.test(name)) throw new PatternSyntaxError(`bad character in group name '${name}'`);
      groupNames.push(name);
      source += `(?<${name}>`;
      i = end;
      continue;
    }
    if (char === '(' && pattern.startsWith('(?P=', i)) {
      const [name, end] = readUntil(pattern, i + 4, ')');
      source += `\\k<${name}>`;
      i = end;
      continue;
    }
    if (char === '{') {
      const quantifier = QUANTIFIER.exec(pattern.slice(i));
      if (quantifier && (quantifier[1] !== '' || (quantifier[2] !== undefined && quantifier[3] !== ''))) {
        source += `{${quantifier[1] || '0'}${quantifier[2] ?? ''}}`;
        i += quantifier[0].length;
        continue;
      }
      source += '\\{';
      i += 1;
      continue;
    }
    source += char === '}' || char === ']' ? `\\${char}` : char;
    i += 1;
  }
  return { source, flags, groupNames };
}
