import { z } from 'zod';
import { ApiError } from '../errors/api-error.js';

/** `messages[0]["id"]`: the way the real server names a value inside a JSON parameter. */
function varNameOf(path: readonly PropertyKey[]): string {
  const [head, ...rest] = path;
  return String(head ?? '') + rest.map((key) => (typeof key === 'number' ? `[${key}]` : `["${String(key)}"]`)).join('');
}

function typeMessage(name: string, expected: string): string {
  switch (expected) {
    case 'boolean':
      return `${name} is not a boolean`;
    // Every numeric parameter of the API is an integer; zod reports a non-number as
    // "expected number" before it checks integrality.
    case 'int':
    case 'bigint':
    case 'number':
      return `${name} is not an integer`;
    case 'array':
    case 'tuple':
      return `${name} is not a list`;
    case 'object':
    case 'record':
    case 'map':
      return `${name} is not a dict`;
    case 'string':
      return `${name} is not a string`;
    default:
      return `Invalid ${name}`;
  }
}

/** The real server's message for one zod issue about parameter `name`. */
function issueMessage(issue: z.core.$ZodIssue): string {
  const name = varNameOf(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      return typeMessage(name, issue.expected);
    case 'too_big':
      if (issue.origin === 'string') return `${name} is too long (limit: ${String(issue.maximum)} characters)`;
      if (issue.origin === 'array') return `${name} is too long (limit: ${String(issue.maximum)} items)`;
      return `${name} is too large`;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) === 1 ? `${name} cannot be blank` : `${name} is too short.`;
      if (issue.origin === 'array') return `${name} is too short.`;
      return `${name} is too small`;
    case 'unrecognized_keys':
      return `Argument "${issue.keys[0] ?? ''}" at ${name} is unexpected`;
    case 'custom':
      // Refinements in contracts write the server's message with a `{var}` placeholder.
      return issue.message.includes('{var}') ? issue.message.replaceAll('{var}', name) : issue.message;
    default:
      return `Invalid ${name}`;
  }
}

/**
 * The message a parameter schema declares for a value outside its allowed set, with `{var}`
 * and `{input}` placeholders: `FlagOp.meta({ invalidMessage: "Invalid message flag operation: '{input}'" })`.
 */
export interface InvalidMessageMeta {
  invalidMessage?: string;
}

function declaredMessage(
  shape: Record<string, z.ZodType> | undefined,
  issue: z.core.$ZodIssue,
  input: unknown,
): string | undefined {
  if (!shape || issue.path.length !== 1 || (issue.code !== 'invalid_value' && issue.code !== 'invalid_union'))
    return undefined;
  const name = String(issue.path[0]);
  let schema: z.core.$ZodType | undefined = shape[name];
  while (schema) {
    const meta = z.globalRegistry.get(schema) as InvalidMessageMeta | undefined;
    if (meta?.invalidMessage) return meta.invalidMessage.replaceAll('{var}', name).replaceAll('{input}', String(input));
    const def = schema._zod.def as { innerType?: z.core.$ZodType };
    schema = def.innerType;
  }
  return undefined;
}

/**
 * The `BAD_REQUEST` error for the first issue of a failed parameter validation. With the
 * params `shape` and `values`, a parameter's declared `invalidMessage` is used.
 */
export function validationError(
  issues: readonly z.core.$ZodIssue[],
  shape?: Record<string, z.ZodType>,
  values?: Record<string, unknown>,
): ApiError {
  const issue = issues[0];
  if (!issue) return new ApiError('BAD_REQUEST', 'Invalid parameters');
  // Report the outermost parameter's full path, as the real server does for JSON params.
  const varName = varNameOf(issue.path);
  const message = declaredMessage(shape, issue, values?.[String(issue.path[0])]) ?? issueMessage(issue);
  return new ApiError('BAD_REQUEST', message, { extra: { var_name: varName } });
}
