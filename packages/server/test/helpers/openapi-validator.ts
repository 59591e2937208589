import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { sharedReference, ZULIP_OPENAPI } from '../../../../test-support/shared-reference.js';

/** The real server's OpenAPI description at feature level 420, where the shared reference lies (see `sharedReference`). */
const SPEC = ZULIP_OPENAPI;
/** Undefined outside CI when the shared folder is not beside the clone: the conformance test then skips. */
export const SPEC_PATH = sharedReference(SPEC);

type Schema = Record<string, unknown>;
let spec: Schema | undefined;

function loadSpec(): Schema {
  if (SPEC_PATH === undefined)
    throw new Error(
      `[teamchat-test] ${SPEC} not found beside the repository; set TEAMCHAT_SHARED to the shared folder`,
    );
  spec ??= parse(readFileSync(SPEC_PATH, 'utf8')) as Schema;
  return spec;
}

function resolve(schema: Schema): Schema {
  let current = schema;
  while (typeof current['$ref'] === 'string') {
    const parts = (current['$ref'] as string).replace(/^#\//, '').split('/');
    current = parts.reduce<Schema>((node, part) => node[part] as Schema, loadSpec());
  }
  return current;
}

/** The properties a schema declares, through `allOf` too (OpenAPI's evaluated properties). */
function declaredProperties(schema: Schema): Map<string, Schema> {
  const resolved = resolve(schema);
  const properties = new Map<string, Schema>();
  for (const part of (resolved['allOf'] as Schema[] | undefined) ?? [])
    for (const [k, v] of declaredProperties(part))
      if (!properties.has(k) || Object.keys(properties.get(k) ?? {}).length === 0) properties.set(k, v);
  for (const [k, v] of Object.entries((resolved['properties'] as Record<string, Schema> | undefined) ?? {})) {
    if (!properties.has(k) || Object.keys(v).length > 0) properties.set(k, v);
  }
  return properties;
}

function closed(schema: Schema): boolean {
  const resolved = resolve(schema);
  return resolved['additionalProperties'] === false || ((resolved['allOf'] as Schema[] | undefined) ?? []).some(closed);
}

function typeOk(type: string, value: unknown): boolean {
  switch (type) {
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    default:
      return true;
  }
}

/** Problems of `value` against `schema`, as `path: what` lines (empty when it conforms). */
export function validate(schema: Schema, value: unknown, path = '$'): string[] {
  const s = resolve(schema);
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = s[key] as Schema[] | undefined;
    if (!options) continue;
    if (value === null && s['nullable'] === true) return [];
    if (!options.some((option) => validate(option, value, path).length === 0)) {
      return [`${path}: matches none of ${key} (${options.map((o) => validate(o, value, path)[0]).join(' | ')})`];
    }
  }
  if (value === null)
    return s['nullable'] === true || Object.keys(s).length === 0 ? [] : [`${path}: null is not allowed`];
  const problems: string[] = [];
  if (typeof s['type'] === 'string' && !typeOk(s['type'], value))
    return [`${path}: expected ${s['type']}, got ${JSON.stringify(value)?.slice(0, 80)}`];
  if (Array.isArray(s['enum']) && !(s['enum'] as unknown[]).includes(value))
    problems.push(`${path}: ${JSON.stringify(value)} not in ${JSON.stringify(s['enum'])}`);
  if (Array.isArray(value) && s['items'])
    value.forEach((item, i) => problems.push(...validate(s['items'] as Schema, item, `${path}[${i}]`)));
  for (const part of (s['allOf'] as Schema[] | undefined) ?? []) {
    const r = resolve(part);
    if (r['type'] !== 'object' && !r['properties'] && !r['allOf']) problems.push(...validate(part, value, path));
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const object = value as Record<string, unknown>;
    const properties = declaredProperties(s);
    const required = new Set<string>(
      [
        (s['required'] as string[] | undefined) ?? [],
        ...((s['allOf'] as Schema[] | undefined) ?? []).map(
          (p) => (resolve(p)['required'] as string[] | undefined) ?? [],
        ),
      ].flat(),
    );
    for (const name of required) if (!(name in object)) problems.push(`${path}.${name}: required`);
    const extra = s['additionalProperties'];
    for (const [name, item] of Object.entries(object)) {
      const property = properties.get(name);
      if (property) problems.push(...validate(property, item, `${path}.${name}`));
      else if (extra && typeof extra === 'object') problems.push(...validate(extra as Schema, item, `${path}.${name}`));
      else if (closed(s) && properties.size > 0) problems.push(`${path}.${name}: not in the description`);
    }
  }
  return problems;
}

/** The schema of the success answer of `method path` in the description. */
export function successSchema(method: string, path: string): Schema {
  const operation = ((loadSpec()['paths'] as Record<string, Schema>)[path]?.[method.toLowerCase()] ?? undefined) as
    Schema | undefined;
  if (!operation) throw new Error(`the description has no ${method} ${path}`);
  const ok = resolve((operation['responses'] as Record<string, Schema>)['200'] as Schema);
  return ((ok['content'] as Record<string, Schema>)['application/json'] as Schema)['schema'] as Schema;
}

/** The schema of one event type of GET /events (`type`, and `op` when the type has several). */
export function eventSchemas(): Schema[] {
  const events = declaredProperties(successSchema('GET', '/events')).get('events') as Schema;
  return (resolve(resolve(events)['items'] as Schema)['oneOf'] as Schema[]) ?? [];
}

/** A schema of the description's `components/schemas` (an error answer: `RealmDeactivatedError`, …). */
export function componentSchema(name: string): Schema {
  const schema = ((loadSpec()['components'] as Schema)['schemas'] as Record<string, Schema>)[name];
  if (!schema) throw new Error(`the description has no schema ${name}`);
  return schema;
}
