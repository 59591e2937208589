/**
 * Compares two OpenAPI descriptions of the API (ours, generated from the contracts, and the
 * real server's) operation by operation: operations on one side only, parameters, whether a
 * parameter is required, wire encodings that cannot read each other, and the fields of the
 * success body. The result is one line per difference, sorted.
 */

type Json = Record<string, unknown>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** Fields of every success body, not the endpoint's. */
const ENVELOPE_FIELDS = new Set(['result', 'msg', 'ignored_parameters_unsupported']);

/** A parameter as compared: where it travels, whether it is required, and how its value is written. */
interface ParamInfo {
  required: boolean;
  /** Declared as JSON (`content: application/json` or a JSON `encoding`). */
  json: boolean;
  /** `raw-or-json` on our side: either reading works. */
  either: boolean;
  /** Only strings (the literal text and its JSON differ); false for integers, booleans, lists. */
  stringOnly: boolean;
  /** A list or an object: only JSON can carry it. */
  structured: boolean;
}

interface OperationInfo {
  id: string;
  params: Map<string, ParamInfo>;
  /** Other wire names of parameters (`x-aliases`) → the parameter's name. */
  aliases: Map<string, string>;
  fields: Set<string>;
}

/** Follows local `$ref`s (`#/components/...`) of `document`. */
function resolver(document: Json): (value: unknown) => Json {
  const resolve = (value: unknown): Json => {
    let current = value as Json;
    for (let depth = 0; current && typeof current['$ref'] === 'string' && depth < 20; depth += 1) {
      const pointer = (current['$ref'] as string).replace(/^#\//, '').split('/');
      let target: unknown = document;
      for (const part of pointer) target = (target as Json | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
      current = target as Json;
    }
    return current ?? {};
  };
  return resolve;
}

/** The types a schema admits, through `oneOf`/`anyOf`/`allOf` and references. */
function typesOf(schema: Json, resolve: (value: unknown) => Json, seen = 0): Set<string> {
  const resolved = resolve(schema);
  const types = new Set<string>();
  if (seen > 10) return types;
  const type = resolved['type'];
  if (typeof type === 'string') types.add(type);
  if (Array.isArray(type)) for (const t of type as string[]) types.add(t);
  if ('const' in resolved) types.add(typeof resolved['const'] === 'string' ? 'string' : 'other');
  if (Array.isArray(resolved['enum']))
    for (const v of resolved['enum'] as unknown[])
      types.add(typeof v === 'string' ? 'string' : typeof v === 'number' ? 'integer' : 'other');
  for (const key of ['oneOf', 'anyOf', 'allOf']) {
    for (const inner of (resolved[key] as Json[] | undefined) ?? [])
      for (const t of typesOf(inner, resolve, seen + 1)) types.add(t);
  }
  return types;
}

function paramInfo(
  schema: Json,
  options: { required: boolean; json: boolean; either?: boolean },
  resolve: (value: unknown) => Json,
): ParamInfo {
  const types = typesOf(schema, resolve);
  types.delete('null');
  return {
    required: options.required,
    json: options.json,
    either: options.either ?? false,
    stringOnly: types.size > 0 && [...types].every((t) => t === 'string'),
    structured: types.has('array') || types.has('object'),
  };
}

/** The properties of an object schema, through `allOf` and references. */
function propertiesOf(
  schema: unknown,
  resolve: (value: unknown) => Json,
  depth = 0,
): { properties: Json; required: Set<string> } {
  const resolved = resolve(schema);
  const properties: Json = { ...((resolved['properties'] as Json | undefined) ?? {}) };
  const required = new Set<string>((resolved['required'] as string[] | undefined) ?? []);
  if (depth < 10) {
    for (const inner of (resolved['allOf'] as unknown[] | undefined) ?? []) {
      const merged = propertiesOf(inner, resolve, depth + 1);
      Object.assign(properties, merged.properties);
      for (const name of merged.required) required.add(name);
    }
  }
  return { properties, required };
}

function operationInfo(operation: Json, resolve: (value: unknown) => Json): OperationInfo {
  const params = new Map<string, ParamInfo>();
  const aliases = new Map<string, string>();
  const addAliases = (name: string, declared: unknown) => {
    for (const alias of (declared as string[] | undefined) ?? []) aliases.set(alias, name);
  };
  for (const raw of (operation['parameters'] as unknown[] | undefined) ?? []) {
    const param = resolve(raw);
    addAliases(param['name'] as string, param['x-aliases']);
    const content = param['content'] as Record<string, { schema?: Json }> | undefined;
    const schema = (param['schema'] as Json | undefined) ?? content?.['application/json']?.schema ?? {};
    params.set(
      param['name'] as string,
      paramInfo(
        schema,
        {
          required: param['required'] === true,
          json: content?.['application/json'] !== undefined,
          either: param['x-wire-encoding'] === 'raw-or-json',
        },
        resolve,
      ),
    );
  }
  const body = resolve(operation['requestBody']);
  for (const media of Object.values((body['content'] as Record<string, Json> | undefined) ?? {})) {
    const encoding = (media['encoding'] as Record<string, Json> | undefined) ?? {};
    const { properties, required } = propertiesOf(media['schema'], resolve);
    for (const [name, schema] of Object.entries(properties)) {
      addAliases(name, encoding[name]?.['x-aliases']);
      params.set(
        name,
        paramInfo(
          schema as Json,
          {
            required: required.has(name),
            json: encoding[name]?.['contentType'] === 'application/json',
            either: encoding[name]?.['x-wire-encoding'] === 'raw-or-json',
          },
          resolve,
        ),
      );
    }
  }
  const success = resolve((operation['responses'] as Json | undefined)?.['200']);
  const schema = ((success['content'] as Record<string, Json> | undefined)?.['application/json'] ?? {})['schema'];
  const fields = new Set(
    Object.keys(propertiesOf(schema, resolve).properties).filter((name) => !ENVELOPE_FIELDS.has(name)),
  );
  return { id: String(operation['operationId']), params, aliases, fields };
}

function operationsOf(document: Json): Map<string, OperationInfo> {
  const resolve = resolver(document);
  const operations = new Map<string, OperationInfo>();
  for (const [path, methods] of Object.entries((document['paths'] as Record<string, Json> | undefined) ?? {})) {
    for (const method of METHODS) {
      const operation = methods[method] as Json | undefined;
      if (operation) operations.set(`${method.toUpperCase()} ${path}`, operationInfo(operation, resolve));
    }
  }
  return operations;
}

/** `GET /users/{}`: a key that ignores the names of path parameters. */
function shapeOf(key: string): string {
  return key.replace(/\{[^}]+\}/g, '{}');
}

/** Whether two encodings of one parameter read each other's text. */
function encodingsAgree(ours: ParamInfo, theirs: ParamInfo): boolean {
  if (ours.either) return true;
  if (ours.json === theirs.json) return true;
  // Integers and booleans read the same as text and as JSON; strings and lists do not.
  const structured = ours.structured || theirs.structured;
  const strings = ours.stringOnly || theirs.stringOnly;
  return !structured && !strings;
}

/** Pairs each of our operations with the real one: same method and path, else same path shape. */
function pairOperations(ours: Map<string, OperationInfo>, theirs: Map<string, OperationInfo>): Map<string, string> {
  const pairs = new Map<string, string>();
  const taken = new Set<string>();
  for (const key of ours.keys()) {
    if (theirs.has(key)) {
      pairs.set(key, key);
      taken.add(key);
    }
  }
  for (const key of ours.keys()) {
    if (pairs.has(key)) continue;
    const candidates = [...theirs.keys()].filter((other) => !taken.has(other) && shapeOf(other) === shapeOf(key));
    if (candidates.length === 1) {
      pairs.set(key, candidates[0] as string);
      taken.add(candidates[0] as string);
    }
  }
  return pairs;
}

/**
 * Every difference between `ours` and `theirs`, one sorted line each:
 * `missing here: GET /x (their-id)`, `only here: GET /y (our.name)`,
 * `param missing here: POST /messages queue_id`, `param only here: …`,
 * `required: POST /messages to (here optional, there required)`,
 * `encoding: POST /messages to (here raw, there JSON)`,
 * `response field missing here: GET /messages found_oldest`, `response field only here: …`.
 */
export function compareOpenApi(ours: Json, theirs: Json): string[] {
  const mine = operationsOf(ours);
  const real = operationsOf(theirs);
  const pairs = pairOperations(mine, real);
  const paired = new Set(pairs.values());
  const lines: string[] = [];
  for (const [key, info] of real) if (!paired.has(key)) lines.push(`missing here: ${key} (${info.id})`);
  for (const [key, info] of mine) {
    const theirKey = pairs.get(key);
    if (theirKey === undefined) {
      lines.push(`only here: ${key} (${info.id})`);
      continue;
    }
    const other = real.get(theirKey) as OperationInfo;
    // A parameter they name by one of our aliases is the same parameter.
    const theirName = new Map<string, string>();
    for (const name of other.params.keys()) {
      const ourName = info.params.has(name) ? name : info.aliases.get(name);
      if (ourName === undefined) lines.push(`param missing here: ${key} ${name}`);
      else theirName.set(ourName, name);
    }
    for (const [name, param] of info.params) {
      const theirs = other.params.get(theirName.get(name) ?? name);
      if (!theirs) {
        lines.push(`param only here: ${key} ${name}`);
        continue;
      }
      if (param.required !== theirs.required) {
        lines.push(
          `required: ${key} ${name} (here ${param.required ? 'required' : 'optional'}, there ${theirs.required ? 'required' : 'optional'})`,
        );
      }
      if (!encodingsAgree(param, theirs))
        lines.push(
          `encoding: ${key} ${name} (here ${param.json ? 'JSON' : 'raw'}, there ${theirs.json ? 'JSON' : 'raw'})`,
        );
    }
    for (const field of other.fields)
      if (!info.fields.has(field)) lines.push(`response field missing here: ${key} ${field}`);
    for (const field of info.fields)
      if (!other.fields.has(field)) lines.push(`response field only here: ${key} ${field}`);
  }
  return [...new Set(lines)].sort();
}

/** The operation a difference line is about (`GET /messages`), for grouping. */
export function operationOfLine(line: string): string {
  const match = /^[^:]+: ((?:GET|POST|PUT|PATCH|DELETE) \S+)/.exec(line);
  return match?.[1] ?? line;
}
