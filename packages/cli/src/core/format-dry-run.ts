import { isSecretName, REDACTED, redactParams } from '@teamchat/client-sdk';
import { encodeParams, type Endpoint } from '@teamchat/schema';
import type { CliContext } from './cli-context.js';

/**
 * Prints what a request would send, and sends nothing: the route with path parameters
 * filled in, and each parameter in its wire form (`--json`: `{ dry_run, endpoint, method,
 * path, params }` with typed values). Secret parameters (the SDK's `isSecretName`) are redacted;
 * files are shown by name and size.
 */
export function printDryRun(ctx: CliContext, endpoint: Endpoint, params: Readonly<Record<string, unknown>>): void {
  const encoded = encodeParams(endpoint, { ...params });
  const fields = encoded.body ?? encoded.query;
  const files = Object.entries(params).filter((entry): entry is [string, File] => entry[1] instanceof File);
  const shown = {
    ...redactParams(params),
    ...Object.fromEntries(files.map(([name, file]) => [name, describeFile(file)])),
  };
  ctx.print(
    { dry_run: true, endpoint: endpoint.name, method: encoded.method, path: encoded.path, params: shown },
    () => {
      const lines = [`dry run: nothing was sent`, `${encoded.method} /api/v1${encoded.path} (${endpoint.name})`];
      for (const [name, value] of fields) lines.push(`  ${name}=${isSecretName(name) ? REDACTED : value}`);
      for (const [name, file] of files) lines.push(`  ${name}=@${file.name} (${file.size} bytes, multipart/form-data)`);
      return lines.map((line) => `${line}\n`).join('');
    },
  );
}

function describeFile(file: File): { file: string; size: number } {
  return { file: file.name, size: file.size };
}
