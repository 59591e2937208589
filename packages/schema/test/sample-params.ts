import type { z } from 'zod';
import { isFileParam } from '../src/codec/wire-kind.js';

/**
 * Strings that trip naive wire codecs: text that reads as JSON of another type, quotes,
 * form-encoding metacharacters, non-ASCII. Every string parameter gets one of them.
 */
export const TRICKY_STRINGS = [
  '5',
  'null',
  'true',
  'a "quoted" word',
  'ümlaut & = + %',
  '"quoted"',
  '-1',
  '[1,2]',
  'line\nbreak 🙂',
] as const;

/** Values tried, after the tricky ones, for strings with formats or refinements (time zones, sounds, anchors). */
const FALLBACK_STRINGS = ['Europe/Berlin', 'zulip', 'newest', '#c2c2c2', 'user@example.com', '42', 'x'];
const NUMBERS = [42, 7, 1, 0, -1, 100, 1000];

interface SampleContext {
  /** Which variant of the sample: rotates strings, union branches, booleans and nulls. */
  readonly variant: number;
  /** Advances at every choice, so that neighbouring parameters get different values. */
  counter: number;
}

type AnySchema = z.core.$ZodType;
type Def = z.core.$ZodTypeDef & Record<string, unknown>;

function defOf(schema: AnySchema): Def {
  return schema._zod.def as Def;
}

function rotate<T>(values: readonly T[], offset: number): T[] {
  const start = ((offset % values.length) + values.length) % values.length;
  return [...values.slice(start), ...values.slice(0, start)];
}

/** The first candidate `schema` accepts; a schema none fits fails loudly. */
function firstAccepted(schema: AnySchema, candidates: readonly unknown[], path: string): unknown {
  for (const candidate of candidates) {
    if ((schema as z.ZodType).safeParse(candidate).success) return candidate;
  }
  throw new Error(`sample generator: no candidate value fits the ${defOf(schema).type} at ${path}`);
}

function choose<T>(values: readonly T[], ctx: SampleContext): T {
  const value = values[(ctx.variant + ctx.counter++) % values.length];
  if (value === undefined) throw new Error('sample generator: nothing to choose from');
  return value;
}

function sampleOf(schema: AnySchema, ctx: SampleContext, path: string): unknown {
  // A file parameter: a named file whose name and bytes are tricky strings too.
  if (isFileParam(schema)) {
    const text = choose(TRICKY_STRINGS, ctx);
    return new File([text], `${choose(TRICKY_STRINGS, ctx)}.txt`, { type: 'text/plain' });
  }
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape = def['shape'] as Record<string, AnySchema>;
      return Object.fromEntries(
        Object.entries(shape).map(([key, field]) => [key, sampleOf(field, ctx, `${path}.${key}`)]),
      );
    }
    case 'string':
      return firstAccepted(schema, [...rotate(TRICKY_STRINGS, ctx.variant + ctx.counter++), ...FALLBACK_STRINGS], path);
    case 'number':
      return firstAccepted(schema, rotate(NUMBERS, ctx.variant + ctx.counter++), path);
    case 'boolean':
      return choose([true, false], ctx);
    case 'null':
      return null;
    case 'enum':
      return choose(Object.values(def['entries'] as Record<string, string | number>), ctx);
    case 'literal':
      return choose(def['values'] as readonly unknown[], ctx);
    case 'array': {
      const element = def['element'] as AnySchema;
      const items = [sampleOf(element, ctx, `${path}[0]`), sampleOf(element, ctx, `${path}[1]`)];
      return firstAccepted(schema, [items, items.slice(0, 1)], path);
    }
    case 'tuple': {
      const items = (def['items'] as AnySchema[]).map((item, index) => sampleOf(item, ctx, `${path}[${index}]`));
      const rest = def['rest'] as AnySchema | null;
      return rest ? [...items, sampleOf(rest, ctx, `${path}[${items.length}]`)] : items;
    }
    case 'record': {
      const keyType = def['keyType'] as AnySchema;
      const valueType = def['valueType'] as AnySchema;
      const entries: [PropertyKey, unknown][] = [];
      for (let index = 0; index < 2; index++) {
        const key = sampleOf(keyType, ctx, `${path}{key}`) as PropertyKey;
        if (!entries.some(([existing]) => existing === key))
          entries.push([key, sampleOf(valueType, ctx, `${path}[${String(key)}]`)]);
      }
      return Object.fromEntries(entries);
    }
    case 'union':
      return sampleOf(choose(def['options'] as AnySchema[], ctx), ctx, path);
    case 'nullable':
      // Every third variant sends null, the others a value.
      return (ctx.variant + ctx.counter++) % 3 === 2 ? null : sampleOf(def['innerType'] as AnySchema, ctx, path);
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      // Optional parameters are always included: they are what a codec forgets.
      return sampleOf(def['innerType'] as AnySchema, ctx, path);
    case 'pipe':
      return sampleOf(def['in'] as AnySchema, ctx, path);
    case 'lazy':
      return sampleOf((def['getter'] as () => AnySchema)(), ctx, path);
    default:
      throw new Error(
        `sample generator: unsupported schema kind '${def.type}' at ${path}; teach test/sample-params.ts about it`,
      );
  }
}

/**
 * A non-trivial value of `schema`, built by walking its zod definition: every optional field
 * filled in, strings from {@link TRICKY_STRINGS}, unions and nulls varied by `variant`.
 * Throws on a schema kind it does not know, or when the value does not satisfy the schema.
 */
export function sampleParams(schema: z.ZodType, variant = 0, label = 'params'): Record<string, unknown> {
  const ctx: SampleContext = { variant, counter: 0 };
  const value = sampleOf(schema, ctx, label);
  const checked = schema.safeParse(value);
  if (!checked.success) {
    throw new Error(`sample generator: the sample for ${label} does not satisfy its schema: ${checked.error.message}`);
  }
  return value as Record<string, unknown>;
}
