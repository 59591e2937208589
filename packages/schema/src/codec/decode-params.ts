import type { z } from 'zod';
import type { Endpoint } from '../define-endpoint.js';
import { ApiError } from '../errors/api-error.js';
import { validationError } from './validation-error.js';
import { tryParseJson } from './wire-endpoint.js';
import { fileCountError, isFileParam, wireKindOf, type WireKind } from './wire-kind.js';

/** Where the parameters of one request arrived. */
export interface WireParams {
  /** Path parameters from the route match (already URL-decoded). */
  path?: Readonly<Record<string, string>>;
  /** Form-body fields (urlencoded or multipart); looked up before the query string. */
  body?: ReadonlyMap<string, string> | URLSearchParams | null;
  /** Query-string fields; read on every method, as the real server does. */
  query?: URLSearchParams | null;
  /** Files of a `multipart/form-data` body, whatever their field names. */
  files?: readonly Blob[];
}

/** Options of {@link decodeParams}. */
export interface DecodeOptions {
  /**
   * Parameters of the contract to treat as unknown (a server answering as an older feature
   * level, which did not have them yet): left out and reported as ignored.
   */
  unsupported?: ReadonlySet<string>;
}

/** The decoded parameters and the names of the request parameters the endpoint ignored. */
export interface DecodedParams<T> {
  params: T;
  /** Sorted names of parameters the endpoint does not support (`ignored_parameters_unsupported`). */
  ignored: string[];
}

function lookup(source: WireParams, name: string): string | undefined {
  return source.body?.get(name) ?? source.query?.get(name) ?? undefined;
}

function wireNames(source: WireParams): Set<string> {
  const names = new Set<string>();
  for (const key of source.body?.keys() ?? []) names.add(key);
  for (const key of source.query?.keys() ?? []) names.add(key);
  return names;
}

/**
 * The one uploaded file, whatever its field name, as the real server takes it; more than
 * one is refused with its wording.
 */
function oneFile(files: readonly Blob[]): Blob | undefined {
  if (files.length > 1) throw new ApiError('BAD_REQUEST', 'You may only upload one file at a time');
  return files[0];
}

/** How one parameter of a contract is read off the wire; worked out once per contract. */
interface ParamPlan {
  name: string;
  schema: z.ZodType;
  file: boolean;
  /** A file parameter's error for not exactly one file, when it has its own. */
  fileCountError: string | undefined;
  /** Read from the path rather than the body or query. */
  inPath: boolean;
  /** The wire names: the parameter's own, then its aliases. */
  wireNames: readonly string[];
  /** Whether the parameter may be left out. */
  optional: boolean;
  kind: WireKind;
}

const plans = new WeakMap<Endpoint, readonly ParamPlan[]>();

/** The decoding plan of `endpoint`'s parameters (zod is asked what is optional once, not per request). */
function planOf(endpoint: Endpoint): readonly ParamPlan[] {
  let plan = plans.get(endpoint);
  if (plan) return plan;
  const aliasesOf = new Map<string, string[]>();
  for (const [alias, target] of Object.entries(endpoint.aliases ?? {})) {
    aliasesOf.set(target, [...(aliasesOf.get(target) ?? []), alias]);
  }
  plan = Object.entries(endpoint.params.shape as Record<string, z.ZodType>).map(([name, schema]) => ({
    name,
    schema,
    file: isFileParam(schema),
    fileCountError: fileCountError(schema),
    inPath: endpoint.pathParams.includes(name),
    wireNames: [name, ...(aliasesOf.get(name) ?? [])],
    optional: schema.safeParse(undefined).success,
    kind: wireKindOf(schema),
  }));
  plans.set(endpoint, plan);
  return plan;
}

/** Decodes one wire text into the value of `param`, or throws the real server's error for it. */
function decodeValue(param: ParamPlan, text: string): unknown {
  const { kind, name } = param;
  if (kind === 'raw') return text;
  const parsed = tryParseJson(text);
  if (kind === 'raw-or-json') {
    return parsed !== undefined && param.schema.safeParse(parsed.value).success ? parsed.value : text;
  }
  if (parsed === undefined) {
    throw new ApiError('BAD_REQUEST', `${name} is not valid JSON`, { extra: { var_name: name } });
  }
  return parsed.value;
}

/**
 * Decodes the parameters of a request into the contract's types, with the real server's
 * errors: `REQUEST_VARIABLE_MISSING` (`Missing 'x' argument`), `BAD_REQUEST` with
 * `x is not a boolean` / `x is not an integer` / `Invalid x` / …, and
 * `REQUEST_CONFUSING_VAR` when a parameter arrives under two of its names. A file
 * parameter takes the request's one file, whatever its field name (`You must specify a file
 * to upload`, `You may only upload one file at a time`).
 *
 * @throws {ApiError} naming the offending parameter in `msg` and `var_name`.
 */
export function decodeParams<E extends Endpoint>(
  endpoint: E,
  source: WireParams,
  options: DecodeOptions = {},
): DecodedParams<z.output<E['params']>> {
  const seen = wireNames(source);
  const used = new Set<string>();
  const values: Record<string, unknown> = {};
  const { unsupported } = options;

  for (const param of planOf(endpoint)) {
    const { name } = param;
    if (unsupported?.has(name)) continue;
    if (param.file) {
      if (param.fileCountError !== undefined && source.files?.length !== 1)
        throw new ApiError('BAD_REQUEST', param.fileCountError);
      const file = oneFile(source.files ?? []);
      if (file !== undefined) values[name] = file;
      else if (!param.optional) throw new ApiError('BAD_REQUEST', 'You must specify a file to upload');
      continue;
    }
    let text: string | undefined;
    if (param.inPath) {
      text = source.path?.[name];
    } else if (seen.size > 0) {
      let found: string | undefined;
      for (const wireName of param.wireNames) {
        const candidate = lookup(source, wireName);
        if (candidate === undefined) continue;
        if (found !== undefined) {
          throw new ApiError('REQUEST_CONFUSING_VAR', `Can't decide between '${found}' and '${wireName}' arguments`, {
            extra: { var_name1: found, var_name2: wireName },
          });
        }
        found = wireName;
        text = candidate;
        used.add(wireName);
      }
    }
    if (text === undefined) {
      if (!param.optional) {
        throw new ApiError('REQUEST_VARIABLE_MISSING', `Missing '${name}' argument`, { extra: { var_name: name } });
      }
      continue;
    }
    values[name] = decodeValue(param, text);
  }

  const result = endpoint.params.safeParse(values);
  if (!result.success)
    throw validationError(result.error.issues, endpoint.params.shape as Record<string, z.ZodType>, values);
  const ignored = seen.size === 0 ? [] : [...seen].filter((name) => !used.has(name)).sort();
  return { params: result.data as z.output<E['params']>, ignored };
}
