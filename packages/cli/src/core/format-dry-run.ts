import { encodeParams, type Endpoint } from '@teamchat/schema';
import type { CliContext } from './cli-context.js';

/** Parameters whose values never reach the terminal, in a dry run as in `--verbose`. */
const SECRET_PARAMS = new Set(['password', 'old_password', 'new_password', 'api_key', 'key', 'token']);

function redactParams(params: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, SECRET_PARAMS.has(name) ? '[REDACTED]' : value]));
}

/**
 * Prints what a request would send, and sends nothing: the route with path parameters
 * filled in, and each parameter in its wire form (`--json`: `{ dry_run, endpoint, method,
 * path, params }` with typed values). Secret parameters are redacted.
 */
export function printDryRun(ctx: CliContext, endpoint: Endpoint, params: Readonly<Record<string, unknown>>): void {
  const encoded = encodeParams(endpoint, { ...params });
  const fields = encoded.body ?? encoded.query;
  ctx.print({ dry_run: true, endpoint: endpoint.name, method: encoded.method, path: encoded.path, params: redactParams(params) }, () => {
    const lines = [`dry run: nothing was sent`, `${encoded.method} /api/v1${encoded.path} (${endpoint.name})`];
    for (const [name, value] of fields) lines.push(`  ${name}=${SECRET_PARAMS.has(name) ? '[REDACTED]' : value}`);
    return lines.map((line) => `${line}\n`).join('');
  });
}
