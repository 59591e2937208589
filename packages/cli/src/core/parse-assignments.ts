import { decodeParams, isApiError, isFileParam, type Endpoint } from '@teamchat/schema';
import { CliError } from './cli-error.js';
import { didYouMean } from './close-matches.js';
import { readFileArgument } from './read-file-argument.js';

/** `NAME=VALUE` arguments, in the order given: name → wire text. */
export type Assignments = Map<string, string>;

/**
 * Splits `NAME=VALUE` arguments at their first `=`. Values stay wire text: the contract
 * decides later whether they are raw strings or JSON.
 *
 * @throws {CliError} (usage) for an argument without `=`, an empty name, or a name given twice.
 */
export function parseAssignments(args: readonly string[]): Assignments {
  const assignments: Assignments = new Map();
  for (const arg of args) {
    const index = arg.indexOf('=');
    if (index <= 0) {
      throw new CliError('usage', `expected NAME=VALUE, got '${arg}'`, {
        hint: "quote JSON values for the shell: user_ids='[1,2]'",
      });
    }
    const name = arg.slice(0, index);
    if (assignments.has(name)) throw new CliError('usage', `'${name}' is given twice`);
    assignments.set(name, arg.slice(index + 1));
  }
  return assignments;
}

/** Every name `endpoint` accepts: its parameters and their other spellings. */
function parameterNames(endpoint: Endpoint): string[] {
  return [...Object.keys(endpoint.params.shape), ...Object.keys(endpoint.aliases ?? {})];
}

/**
 * Rejects names the contract does not know, before anything is sent: the server would
 * only list them in `ignored_parameters_unsupported`, and a typo would go unnoticed.
 *
 * @throws {CliError} (usage) naming the unknown parameter and the close matches.
 */
export function checkParameterNames(endpoint: Endpoint, names: Iterable<string>, what = 'parameter'): void {
  const known = parameterNames(endpoint);
  for (const name of names) {
    if (known.includes(name)) continue;
    const suggestion = didYouMean(name, known);
    throw new CliError(
      'usage',
      `unknown ${what} '${name}' for ${endpoint.name} (${endpoint.method} ${endpoint.path})`,
      {
        hint: suggestion ?? `known ${what}s: ${known.join(', ') || '(none)'}`,
      },
    );
  }
}

/**
 * Turns `NAME=VALUE` arguments into the contract's typed parameters with the wire codec
 * of `@teamchat/schema`, exactly as the server reads an HTTP request: strings raw,
 * everything else JSON (`true`, `5`, `[1,2]`); a file parameter reads the file `NAME=@PATH`
 * names. Only the parameters given are returned
 * (aliases under their contract names): the server applies its own defaults.
 *
 * @throws {CliError} (usage) with the codec's message (`twenty_four_hour_time is not a boolean`).
 */
export function decodeAssignments(
  endpoint: Endpoint,
  assignments: Assignments,
  pathValues: Readonly<Record<string, string>> = {},
): Record<string, unknown> {
  const path: Record<string, string> = { ...pathValues };
  const body = new Map<string, string>();
  const files: File[] = [];
  const fileNames: string[] = [];
  const shape = endpoint.params.shape as Record<string, Parameters<typeof isFileParam>[0]>;
  for (const [name, text] of assignments) {
    const schema = shape[name];
    if (schema !== undefined && isFileParam(schema)) {
      files.push(readFileArgument(name, text));
      fileNames.push(name);
    } else if (endpoint.pathParams.includes(name)) {
      if (path[name] !== undefined)
        throw new CliError('usage', `path parameter '${name}' is given twice (in the path and as ${name}=…)`);
      path[name] = text;
    } else {
      body.set(name, text);
    }
  }
  let decoded: Record<string, unknown>;
  try {
    decoded = decodeParams(endpoint, { path, body, files }).params as Record<string, unknown>;
  } catch (error) {
    if (!isApiError(error)) throw error;
    throw new CliError('usage', `invalid arguments for ${endpoint.name}: ${error.msg}`, {
      hint: 'text parameters take the value as is; the others take JSON: flag=true, count=5, user_ids=[1,2]',
      cause: error,
    });
  }
  const given = new Set([
    ...Object.keys(path),
    ...fileNames,
    ...[...body.keys()].map((name) => endpoint.aliases?.[name] ?? name),
  ]);
  return Object.fromEntries(Object.entries(decoded).filter(([name]) => given.has(name)));
}
