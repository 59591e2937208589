/**
 * Reads, from an OpenAPI description of the real server, the feature level at which each
 * operation, parameter, response field and event field was added: the "New in Zulip X
 * (feature level N)" sentence of its description. Only levels and names are taken, never
 * text. What `feature-levels.test.ts` compares with the table in `src/versions/`.
 */

type Json = Record<string, unknown>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const NEW_IN = /New in Zulip (\d+)\.\d+[^(]*\(feature levels? (\d+)\)/;
/** Envelope fields of every answer: never the operation's own. */
const ENVELOPE = new Set(['result', 'msg', 'ignored_parameters_unsupported']);
/** How deep field paths go (`messages[].reactions[].user_id` is 3). */
const MAX_DEPTH = 3;

/** Levels of one operation: its own, and those of its parameters and success fields. */
export interface OperationLevels {
  since?: number;
  params: Record<string, number>;
  fields: Record<string, number>;
}

/** Everything read: operations by `METHOD /path` (path parameters as `{}`), events by `type` or `type:op`, versions by level. */
export interface ExtractedLevels {
  operations: Record<string, OperationLevels>;
  events: Record<string, OperationLevels>;
  /** The major Zulip version named beside each level the description mentions. */
  versions: Record<number, number>;
}

/** The level a description gives for its subject's addition, if it gives one. */
export function levelOf(description: unknown, versions?: Record<number, number>): number | undefined {
  if (typeof description !== 'string') return undefined;
  const match = NEW_IN.exec(description.replace(/\s+/g, ' '));
  if (!match) return undefined;
  const level = Number(match[2]);
  if (versions) versions[level] = Number(match[1]);
  return level;
}

/** `METHOD /path`, as the description writes it. */
export function operationKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

/** The operation of `method` and `path`: the same path, or else one that differs only in the names of path parameters. */
export function findOperation(
  operations: Record<string, OperationLevels>,
  method: string,
  path: string,
): OperationLevels | undefined {
  const shape = (key: string) => key.replace(/\{[^}]+\}/g, '{}');
  const exact = operations[operationKey(method, path)];
  if (exact) return exact;
  const wanted = shape(operationKey(method, path));
  const found = Object.keys(operations).filter((key) => shape(key) === wanted);
  return found.length === 1 ? operations[found[0] as string] : undefined;
}

export function extractLevels(document: Json): ExtractedLevels {
  const versions: Record<number, number> = {};
  const resolve = (value: unknown): Json => {
    let current = value as Json | undefined;
    for (let depth = 0; current && typeof current['$ref'] === 'string' && depth < 20; depth += 1) {
      let target: unknown = document;
      for (const part of (current['$ref'] as string).replace(/^#\//, '').split('/'))
        target = (target as Json | undefined)?.[part];
      current = target as Json | undefined;
    }
    return current ?? {};
  };
  const level = (description: unknown) => levelOf(description, versions);

  /** Collects `path → level` for every property below `schema` (through refs, allOf/oneOf/anyOf, items, maps). */
  const walk = (schema: unknown, prefix: string, depth: number, into: Record<string, number>, seen: Set<unknown>) => {
    const node = resolve(schema);
    if (seen.has(node) || depth > MAX_DEPTH) return;
    seen.add(node);
    for (const key of ['allOf', 'oneOf', 'anyOf']) {
      for (const part of (node[key] as unknown[] | undefined) ?? []) walk(part, prefix, depth, into, seen);
    }
    if (node['items']) walk(node['items'], `${prefix}[]`, depth, into, seen);
    if (node['additionalProperties'] && typeof node['additionalProperties'] === 'object')
      walk(node['additionalProperties'], `${prefix}{}`, depth, into, seen);
    for (const [name, property] of Object.entries((node['properties'] as Json | undefined) ?? {})) {
      if (depth === 0 && ENVELOPE.has(name)) continue;
      const path = prefix === '' ? name : `${prefix}.${name}`;
      const own = property as Json;
      const found = level(own['description']);
      if (found !== undefined) into[path] = Math.min(into[path] ?? Infinity, found);
      walk(property, path, depth + 1, into, new Set(seen));
    }
    seen.delete(node);
  };

  const operations: Record<string, OperationLevels> = {};
  for (const [path, item] of Object.entries(document['paths'] as Json)) {
    for (const method of METHODS) {
      const operation = (item as Json)[method] as Json | undefined;
      if (!operation) continue;
      const entry: OperationLevels = { params: {}, fields: {} };
      const since = level(operation['description']);
      if (since !== undefined) entry.since = since;
      for (const parameter of [
        ...(((item as Json)['parameters'] as unknown[]) ?? []),
        ...((operation['parameters'] as unknown[]) ?? []),
      ]) {
        const resolved = resolve(parameter);
        const found = level(resolved['description']);
        if (found !== undefined && resolved['in'] !== 'path') entry.params[resolved['name'] as string] = found;
      }
      const body = resolve(operation['requestBody']);
      for (const media of Object.values((body['content'] as Json | undefined) ?? {})) {
        const schema = resolve((media as Json)['schema']);
        for (const [name, property] of Object.entries((schema['properties'] as Json | undefined) ?? {})) {
          const found = level((property as Json)['description']) ?? level(resolve(property)['description']);
          if (found !== undefined) entry.params[name] = found;
        }
      }
      const success = resolve(((operation['responses'] as Json | undefined) ?? {})['200']);
      const json = ((success['content'] as Json | undefined) ?? {})['application/json'] as Json | undefined;
      if (json && path !== '/events') walk(json['schema'], '', 0, entry.fields, new Set());
      operations[operationKey(method, path)] = entry;
    }
  }

  /** The one value a property admits (`enum: [x]`, possibly inside `allOf`). */
  const enumOf = (schema: unknown): string | undefined => {
    const node = resolve(schema);
    const values = node['enum'] as string[] | undefined;
    if (values?.length === 1) return values[0];
    for (const part of (node['allOf'] as unknown[] | undefined) ?? []) {
      const found = enumOf(part);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const events: Record<string, OperationLevels> = {};
  const eventsOperation = resolve(((document['paths'] as Json)['/events'] as Json)['get']);
  const success = resolve((eventsOperation['responses'] as Json)['200'] as Json);
  const response = resolve(((success['content'] as Json)['application/json'] as Json)['schema']);
  const parts = [response, ...((response['allOf'] as unknown[] | undefined) ?? []).map(resolve)];
  const eventList = parts.map((part) => (part['properties'] as Json | undefined)?.['events']).find(Boolean);
  const inner = resolve(resolve(eventList)['items']);
  for (const variant of ((inner['oneOf'] as unknown[] | undefined) ?? []).map(resolve)) {
    const properties = (variant['properties'] as Json | undefined) ?? {};
    const type = enumOf(properties['type']);
    if (type === undefined) continue;
    const op = enumOf(properties['op']);
    const key = op === undefined ? type : `${type}:${op}`;
    const entry: OperationLevels = events[key] ?? { params: {}, fields: {} };
    const since = level(variant['description']);
    if (since !== undefined) entry.since = since;
    walk(variant, '', 0, entry.fields, new Set());
    delete entry.fields['id'];
    events[key] = entry;
  }
  return { operations, events, versions };
}
