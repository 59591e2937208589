import type { Endpoint } from '../define-endpoint.js';
import { ApiError } from '../errors/api-error.js';
import { FEATURE_LEVEL, SERVER_VERSION } from '../version.js';
import { ENDPOINT_LEVELS, EVENT_LEVELS, VERSION_LEVELS } from './feature-levels.js';

/**
 * The oldest feature level a server can be asked to answer as (`--feature-level`,
 * `createMock({ featureLevel })`). From it to {@link FEATURE_LEVEL}, every documented change is
 * followed: the endpoints, parameters, success fields and events added (the generated table),
 * and each changed behaviour of {@link FEATURE_RULES}. Below it, the real description records
 * changes this project does not reproduce (fields that were removed or renamed since, such as
 * `is_billing_admin` before 363, permission rules before 380 and 391, notices before 397), so an
 * older level could not be described faithfully. See docs/decisions/feature-levels.md.
 */
export const OLDEST_FEATURE_LEVEL = 400;

/** A behaviour that changed at a documented level, and how an older server behaved. */
export type FeatureRule =
  /** Before `level`, the key `key` of the object parameter `param` was unknown: it is dropped. */
  | { level: number; endpoints: readonly string[]; kind: 'ignored-key'; param: string; key: string }
  /** Before `level`, `value` was not a valid value of `param`: the request is refused as the older server did. */
  | { level: number; endpoints: readonly string[]; kind: 'invalid-value'; param: string; value: unknown }
  /** Before `level`, the list `field` of the answer was sorted by ID. */
  | { level: number; endpoints: readonly string[]; kind: 'sorted-by-id'; field: string };

/**
 * The changed behaviours the contracts record, newest last. Each cites the level of the real
 * description's "Changes" note (https://zulip.com/api/changelog).
 */
export const FEATURE_RULES: readonly FeatureRule[] = [
  // POST /channels, PATCH /streams/{id}: "empty_topic_only" is a topics policy since 404.
  {
    level: 404,
    endpoints: ['channels.create', 'channels.update', 'channels.subscribe'],
    kind: 'invalid-value',
    param: 'topics_policy',
    value: 'empty_topic_only',
  },
  // GET /channel_folders: sorted by `order` since 414, by ID before.
  { level: 414, endpoints: ['channelFolders.list'], kind: 'sorted-by-id', field: 'channel_folders' },
  // POST /register: the `simplified_presence_events` client capability exists since 419.
  {
    level: 419,
    endpoints: ['events.register'],
    kind: 'ignored-key',
    param: 'client_capabilities',
    key: 'simplified_presence_events',
  },
];

/**
 * Checks a feature level a server is asked to answer as.
 *
 * @throws {RangeError} naming the range served.
 */
export function checkFeatureLevel(level: number): number {
  if (!Number.isInteger(level) || level < OLDEST_FEATURE_LEVEL || level > FEATURE_LEVEL) {
    throw new RangeError(
      `feature level must be an integer from ${OLDEST_FEATURE_LEVEL} to ${FEATURE_LEVEL} (got ${String(level)})`,
    );
  }
  return level;
}

/** The `zulip_version` a server at `level` reports: the major version the level belongs to. */
export function zulipVersionAt(level: number): string {
  if (level >= FEATURE_LEVEL) return SERVER_VERSION;
  let major = 0;
  for (const [first, version] of VERSION_LEVELS) if (first <= level) major = version;
  return `${major}.0-dev-teamchat`;
}

/** Whether a server at `level` has `endpoint` (its contract's `since`). */
export function hasEndpointAt(endpoint: Pick<Endpoint, 'since'>, level: number): boolean {
  return (endpoint.since ?? 0) <= level;
}

const unsupportedCache = new Map<string, ReadonlySet<string>>();

/** The parameters of `endpoint` a server at `level` does not know yet (reported as ignored). */
export function unsupportedParamsAt(endpoint: Pick<Endpoint, 'name'>, level: number): ReadonlySet<string> {
  const key = `${endpoint.name} ${level}`;
  let names = unsupportedCache.get(key);
  if (!names) {
    const params = ENDPOINT_LEVELS[endpoint.name]?.params ?? {};
    names = new Set(
      Object.entries(params)
        .filter(([, since]) => since > level)
        .map(([name]) => name),
    );
    unsupportedCache.set(key, names);
  }
  return names;
}

/** What a rule list applies to an endpoint at a level. */
function rulesAt(name: string, level: number): FeatureRule[] {
  return FEATURE_RULES.filter((rule) => rule.level > level && rule.endpoints.includes(name));
}

/**
 * Decoded parameters as a server at `level` takes them: keys of object parameters it did not
 * know are dropped, values it did not accept are refused.
 *
 * @throws {ApiError} `BAD_REQUEST` naming the parameter, for a value added after `level`.
 */
export function paramsAt<T extends Record<string, unknown>>(
  endpoint: Pick<Endpoint, 'name'>,
  level: number,
  params: T,
): T {
  let result = params;
  for (const rule of rulesAt(endpoint.name, level)) {
    if (rule.kind === 'ignored-key') {
      const value = result[rule.param];
      if (value && typeof value === 'object' && rule.key in value) {
        const { [rule.key]: _dropped, ...rest } = value as Record<string, unknown>;
        result = { ...result, [rule.param]: rest };
      }
    } else if (rule.kind === 'invalid-value' && result[rule.param] === rule.value) {
      throw new ApiError('BAD_REQUEST', `Invalid ${rule.param}`, { extra: { var_name: rule.param } });
    }
  }
  return result;
}

/** Field paths as a tree: `messages[].reactions[].user_id` → messages → [] → reactions → [] → user_id. */
type PathTree = Map<string, PathTree | null>;

function treeOf(paths: readonly string[]): PathTree | null {
  if (paths.length === 0) return null;
  const root: PathTree = new Map();
  for (const path of paths) {
    const segments = path.split('.').flatMap((part) => {
      const [name = '', ...rest] = part.split(/(?=\[\]|\{\})/);
      return [name, ...rest];
    });
    let node = root;
    segments.forEach((segment, i) => {
      if (i === segments.length - 1) node.set(segment, null);
      else {
        let next = node.get(segment);
        if (next === null) return;
        if (next === undefined) {
          next = new Map();
          node.set(segment, next);
        }
        node = next;
      }
    });
  }
  return root;
}

/** A copy of `value` without the fields of `tree` (copies only what changes). */
function strip(value: unknown, tree: PathTree): unknown {
  if (Array.isArray(value)) {
    const items = tree.get('[]');
    return items ? value.map((item) => strip(item, items)) : value;
  }
  if (!value || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [key, sub] of tree) {
    if (key === '[]') continue;
    if (key === '{}') {
      if (sub) for (const name of Object.keys(copy)) copy[name] = strip(copy[name], sub);
    } else if (key in copy) {
      if (sub === null) delete copy[key];
      else copy[key] = strip(copy[key], sub);
    }
  }
  return copy;
}

const treeCache = new Map<string, PathTree | null>();

function cachedTree(key: string, paths: () => string[]): PathTree | null {
  let tree = treeCache.get(key);
  if (tree === undefined) {
    tree = treeOf(paths());
    treeCache.set(key, tree);
  }
  return tree;
}

const newerThan = (fields: Readonly<Record<string, number>> | undefined, level: number) =>
  Object.entries(fields ?? {})
    .filter(([, since]) => since > level)
    .map(([path]) => path);

/** The levels of an event: by `type:op`, else by `type`. */
function eventLevels(event: Record<string, unknown>) {
  const type = String(event['type']);
  return (typeof event['op'] === 'string' ? EVENT_LEVELS[`${type}:${event['op']}`] : undefined) ?? EVENT_LEVELS[type];
}

/** An event as a server at `level` sends it: without the fields added later, or null when the event itself came later. */
export function eventAt<T extends Record<string, unknown>>(event: T, level: number): T | null {
  const levels = eventLevels(event);
  if (!levels) return event;
  if ((levels.since ?? 0) > level) return null;
  const tree = cachedTree(`event ${String(event['type'])}:${String(event['op'])} ${level}`, () =>
    newerThan(levels.fields, level),
  );
  return tree ? (strip(event, tree) as T) : event;
}

/**
 * The success fields of `endpoint` as a server at `level` sends them: without the fields added
 * later, events of GET /events as {@link eventAt} has them, lists sorted as the older rule says.
 */
export function responseAt<T extends Record<string, unknown>>(
  endpoint: Pick<Endpoint, 'name'>,
  level: number,
  response: T,
): T {
  const tree = cachedTree(`${endpoint.name} ${level}`, () => newerThan(ENDPOINT_LEVELS[endpoint.name]?.fields, level));
  let result = tree ? (strip(response, tree) as T) : response;
  if (Array.isArray(result['events'])) {
    const events = (result['events'] as Record<string, unknown>[])
      .map((event) => eventAt(event, level))
      .filter((event) => event !== null);
    result = { ...result, events };
  }
  for (const rule of rulesAt(endpoint.name, level)) {
    const list = result[rule.kind === 'sorted-by-id' ? rule.field : ''];
    if (rule.kind === 'sorted-by-id' && Array.isArray(list)) {
      result = { ...result, [rule.field]: [...(list as { id: number }[])].sort((a, b) => a.id - b.id) };
    }
  }
  return result;
}
