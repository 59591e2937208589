import type { ResolvedConfig } from './resolve-client-config.js';

/**
 * The warning for TLS settings of a resolved configuration (`insecure=true`, `cert_bundle`,
 * `client_cert`) that the built-in `fetch` cannot apply, or `undefined` when there are none.
 * `createClientFromEnv` / `createClientFromZuliprc` print it when no `fetch` is passed, and
 * the CLI prints it as a warning; each adds its own advice.
 *
 * @example
 * const warning = tlsWarning(resolveConfig());
 * if (warning) console.warn(warning);
 * // "cert_bundle cannot be applied by the built-in fetch and is ignored (NODE_EXTRA_CA_CERTS=FILE adds a CA bundle)"
 */
export function tlsWarning(config: Pick<ResolvedConfig, 'insecure' | 'certBundle' | 'clientCert'>): string | undefined {
  const ignored = [
    config.insecure === true ? 'insecure=true' : undefined,
    config.certBundle === undefined ? undefined : 'cert_bundle',
    config.clientCert === undefined ? undefined : 'client_cert',
  ].filter((name) => name !== undefined);
  if (ignored.length === 0) return undefined;
  // fetch has no per-request TLS settings; say so rather than fail later with a TLS error.
  return (
    `${ignored.join(', ')} cannot be applied by the built-in fetch and ${ignored.length > 1 ? 'are' : 'is'} ignored ` +
    '(NODE_EXTRA_CA_CERTS=FILE adds a CA bundle)'
  );
}
