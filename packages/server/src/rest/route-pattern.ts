/**
 * A path pattern of the page route table, in MSW's syntax so that the mock mounts the same
 * strings: literal segments, `:name` for one non-empty segment, and a last segment `*` for
 * anything below (the empty rest included, but not the missing slash: `/user_uploads/*`
 * matches `/user_uploads/`, not `/user_uploads`). A trailing slash is optional on the path.
 */
export interface RoutePattern {
  readonly source: string;
  /** The first segment when it is literal (the router's index), else null. */
  readonly head: string | null;
  /**
   * The segments of a path (see {@link pathSegments}) the pattern names, still percent-encoded,
   * the rest under `*` ({@link REST_SEGMENT}); or null when it does not match.
   */
  match(parts: readonly string[]): Readonly<Record<string, string>> | null;
  /** Literal segments rank before `:name`, `:name` before `*` (see {@link comparePatterns}). */
  readonly rank: readonly number[];
}

const LITERAL = 0;
const PARAMETER = 1;
const REST = 2;
const NAME = /^:([a-z_]+)$/;
/** What a literal segment may hold: no pattern syntax, nothing a URL would encode. */
const LITERAL_SEGMENT = /^[A-Za-z0-9_.-]+$/;

/** The name under which {@link RoutePattern.match} answers what a pattern's `*` covered. */
export const REST_SEGMENT = '*';

/** The segments of a path (`/a/b/` → `['a', 'b', '']`; `/` → `['']`): split once per request. */
export function pathSegments(path: string): string[] {
  return path.slice(1).split('/');
}

/**
 * Compiles `source` (`/user_uploads/temporary/:token/:file_name`, `/user_avatars/*`, `/`).
 *
 * @throws {TypeError} for syntax outside the subset above, so a table with one fails at start.
 */
export function compilePattern(source: string): RoutePattern {
  if (!source.startsWith('/')) throw new TypeError(`[teamchat-server] route pattern '${source}' must start with /`);
  const segments = source === '/' ? [] : source.replace(/\/$/, '').slice(1).split('/');
  const kinds = segments.map((segment, index) => {
    if (segment === '*' && index === segments.length - 1) return REST;
    if (NAME.test(segment)) return PARAMETER;
    if (LITERAL_SEGMENT.test(segment)) return LITERAL;
    throw new TypeError(
      `[teamchat-server] route pattern '${source}': segment '${segment}' is not a literal, a :name or a final *`,
    );
  });
  const rest = kinds.at(-1) === REST;
  const fixed = rest ? segments.length - 1 : segments.length;
  return {
    source,
    head: kinds[0] === LITERAL ? (segments[0] as string) : null,
    rank: kinds,
    match(parts) {
      // A trailing slash is optional: `/join/KEY/` is `/join/KEY`, and `/` is the empty path.
      const length = !rest && parts.at(-1) === '' ? parts.length - 1 : parts.length;
      if (rest ? length <= fixed : length !== fixed) return null;
      const params: Record<string, string> = {};
      for (let index = 0; index < fixed; index++) {
        const part = parts[index] as string;
        const segment = segments[index] as string;
        if (kinds[index] === LITERAL) {
          if (part !== segment) return null;
        } else {
          if (part === '') return null;
          params[segment.slice(1)] = part;
        }
      }
      if (rest) params[REST_SEGMENT] = parts.slice(fixed).join('/');
      return params;
    },
  };
}

/** Orders two patterns: the one whose first differing segment is more specific goes first. */
export function comparePatterns(a: RoutePattern, b: RoutePattern): number {
  const length = Math.max(a.rank.length, b.rank.length);
  for (let index = 0; index < length; index++) {
    // A pattern that ended ranks before one that goes on.
    const x = a.rank[index] ?? -1;
    const y = b.rank[index] ?? -1;
    if (x !== y) return x - y;
  }
  return 0;
}
