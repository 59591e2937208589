import { isFileParam, unwrapSchema, type Endpoint } from '@teamchat/schema';

/** A zod schema (typed through the schema package, which owns the zod dependency). */
type AnySchema = Parameters<typeof unwrapSchema>[0];

function defOf(schema: AnySchema): Record<string, unknown> & { type: string } {
  return schema._zod.def as unknown as Record<string, unknown> & { type: string };
}

/**
 * A short description of the values a parameter takes, for help texts: `true|false`,
 * `integer`, `1|2|3`, `inbox|recent_topics`, `text`, `JSON list`, `@PATH` (a file).
 */
function describeType(schema: AnySchema): string {
  if (isFileParam(schema)) return '@PATH (a file)';
  const inner = unwrapSchema(schema);
  const def = defOf(inner);
  switch (def.type) {
    case 'boolean':
      return 'true|false';
    case 'number':
    case 'int':
    case 'bigint':
      return 'integer';
    case 'string':
    case 'template_literal':
      return 'text';
    case 'enum':
      return Object.values(def['entries'] as Record<string, unknown>)
        .map(String)
        .join('|');
    case 'literal':
      return (def['values'] as unknown[]).map((value) => JSON.stringify(value).replace(/^"(.*)"$/, '$1')).join('|');
    case 'array':
    case 'tuple':
      return 'JSON list';
    case 'object':
    case 'record':
      return 'JSON object';
    case 'nullable':
      return `${describeType(def['innerType'] as AnySchema)}|null`;
    case 'union':
      return [...new Set((def['options'] as AnySchema[]).map(describeType))].join(' or ');
    default:
      return 'JSON';
  }
}

/** One line per parameter of `endpoint`: its name, padded, and {@link describeType}. */
export function describeParameters(endpoint: Endpoint, indent = '  '): string {
  const entries = Object.entries(endpoint.params.shape as Record<string, AnySchema>);
  const width = Math.max(0, ...entries.map(([name]) => name.length));
  return entries.map(([name, schema]) => `${indent}${name.padEnd(width)}  ${describeType(schema)}\n`).join('');
}
