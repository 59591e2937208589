import { z } from 'zod';
import { encodeWireValue } from './encode-params.js';
import { jsonTypeOf, type JsonType, type WireParam } from './wire-endpoint.js';

/**
 * How a parameter travels on the wire.
 *
 * - `raw`: the literal text (names, descriptions, enum strings such as `op=add`).
 * - `json`: JSON text (`true`, `5`, `[1,2]`, `{"new":11}`), parsed strictly on the server.
 * - `raw-or-json`: a type that admits strings and other values (`to`, `message_retention_days`,
 *   nullable strings). The server tries JSON first and falls back to the literal text; the
 *   encoder quotes a string only when its text would otherwise read as another value.
 *
 * - `file`: an uploaded file, sent as a part of a `multipart/form-data` body
 *   ({@link FileParam}).
 *
 * A schema may force `json` with `.meta({ wire: 'json' })` where the real server expects
 * JSON-quoted strings (`message_retention_days`).
 */
export type WireKind = 'raw' | 'json' | 'raw-or-json' | 'file';

interface WireMeta {
  wire?: WireKind;
  /** A file parameter's own error for a request without exactly one file ({@link exactlyOneFile}). */
  fileCountError?: string;
}

type AnySchema = z.core.$ZodType;

function defOf(schema: AnySchema): z.core.$ZodTypeDef & Record<string, unknown> {
  return schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
}

/** The schema under optional/default/nullable-free wrappers that do not change the wire form. */
export function unwrapSchema(schema: AnySchema): AnySchema {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    switch (def.type) {
      case 'optional':
      case 'default':
      case 'prefault':
      case 'nonoptional':
      case 'readonly':
      case 'catch':
        current = def['innerType'] as AnySchema;
        break;
      case 'pipe':
        current = def['in'] as AnySchema;
        break;
      case 'lazy':
        current = (def['getter'] as () => AnySchema)();
        break;
      default:
        return current;
    }
  }
}

function metaWire(schema: AnySchema): WireKind | undefined {
  let current: AnySchema | undefined = schema;
  while (current) {
    const meta = z.globalRegistry.get(current) as WireMeta | undefined;
    if (meta?.wire) return meta.wire;
    const def = defOf(current);
    current = (def['innerType'] ?? (def.type === 'pipe' ? def['in'] : undefined)) as AnySchema | undefined;
  }
  return undefined;
}

/** Whether values of `schema` are (only) strings. */
function isStringLike(schema: AnySchema): boolean {
  const def = defOf(unwrapSchema(schema));
  switch (def.type) {
    case 'string':
    case 'template_literal':
      return true;
    case 'enum':
      return Object.values(def['entries'] as Record<string, unknown>).every((v) => typeof v === 'string');
    case 'literal':
      return (def['values'] as unknown[]).every((v) => typeof v === 'string');
    default:
      return false;
  }
}

/** Whether some string is a value of `schema` (a string member of a union or nullable). */
function admitsStrings(schema: AnySchema): boolean {
  const inner = unwrapSchema(schema);
  if (isStringLike(inner)) return true;
  const def = defOf(inner);
  if (def.type === 'nullable') return admitsStrings(def['innerType'] as AnySchema);
  if (def.type === 'union') return (def['options'] as AnySchema[]).some(admitsStrings);
  return false;
}

/** The wire kind of a parameter schema. */
export function wireKindOf(schema: AnySchema): WireKind {
  const forced = metaWire(schema);
  if (forced) return forced;
  if (isStringLike(schema)) return 'raw';
  return admitsStrings(schema) ? 'raw-or-json' : 'json';
}

/**
 * A file parameter: a `Blob` (a `File` names itself; a plain `Blob` travels as `blob`).
 * Requests with one are sent as `multipart/form-data`.
 *
 * @see https://zulip.com/api/upload-file
 */
export const FileParam = z.instanceof(Blob).meta({ wire: 'file' });

/** Whether `schema` is a file parameter. */
export function isFileParam(schema: AnySchema): boolean {
  return metaWire(schema) === 'file';
}

/**
 * A file parameter of an endpoint that refuses a request without exactly one file with its
 * own `message` (POST /users/me/avatar: `You must upload exactly one avatar.`), rather than the
 * generic upload errors.
 */
export function exactlyOneFile(message: string) {
  return z.instanceof(Blob).meta({ wire: 'file', fileCountError: message });
}

/** The error a file parameter made by {@link exactlyOneFile} answers when there is not exactly one file. */
export function fileCountError(schema: AnySchema): string | undefined {
  return (z.globalRegistry.get(schema) as WireMeta | undefined)?.fileCountError;
}

const JSON_TYPES: readonly JsonType[] = ['string', 'number', 'boolean', 'null', 'array', 'object'];

/** The JSON types of the values of `schema` (every type for schemas it cannot tell). */
function jsonTypesOf(schema: AnySchema): Set<JsonType> {
  const def = defOf(unwrapSchema(schema));
  const types = (values: Iterable<unknown>) =>
    new Set([...values].map((value) => (typeof value === 'bigint' ? 'number' : jsonTypeOf(value))));
  switch (def.type) {
    case 'string':
    case 'template_literal':
      return new Set(['string']);
    case 'number':
    case 'int':
    case 'bigint':
      return new Set(['number']);
    case 'boolean':
      return new Set(['boolean']);
    case 'null':
      return new Set(['null']);
    case 'enum':
      return types(Object.values(def['entries'] as Record<string, unknown>));
    case 'literal':
      return types(def['values'] as unknown[]);
    case 'nullable':
      return new Set(['null', ...jsonTypesOf(def['innerType'] as AnySchema)]);
    case 'union':
      return new Set((def['options'] as AnySchema[]).flatMap((option) => [...jsonTypesOf(option)]));
    case 'array':
    case 'tuple':
      return new Set(['array']);
    case 'object':
    case 'record':
      return new Set(['object']);
    default:
      return new Set(JSON_TYPES);
  }
}

/**
 * How a parameter of `schema` travels, as the schema-free {@link WireParam} of the SDK's
 * table: its {@link wireKindOf}, with the JSON types a `raw-or-json` parameter admits.
 */
export function wireParamOf(schema: AnySchema): WireParam {
  const kind = wireKindOf(schema);
  if (kind !== 'raw-or-json') return kind;
  const types = jsonTypesOf(schema);
  return JSON_TYPES.filter((type) => types.has(type));
}

/**
 * Encodes one parameter value of `schema` to its wire text.
 *
 * Strings of `raw-or-json` parameters are quoted only when their text would read back as
 * JSON of another type the parameter admits ("5" for an integer-or-string), so that
 * decode(encode(x)) = x.
 */
export function encodeParamValue(schema: z.ZodType, value: unknown): string {
  return encodeWireValue(wireParamOf(schema), value);
}
