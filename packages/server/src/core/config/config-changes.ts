import type { ServerConfig } from './server-config.js';

/** How many times each server's settings were changed while it runs. */
const versions = new WeakMap<ServerConfig, number>();

/**
 * Changes settings of a running server (the mock's `configure`, the binary's URL once it
 * listens): what is kept from the settings before (the REST layer's kept replies) is made
 * again. Settings changed by assigning to the object directly are not noticed.
 */
export function changeConfig(config: ServerConfig, changes: Partial<ServerConfig>): void {
  Object.assign(config, changes);
  versions.set(config, (versions.get(config) ?? 0) + 1);
}

/** A number that changes with every {@link changeConfig} of `config`. */
export function configVersion(config: ServerConfig): number {
  return versions.get(config) ?? 0;
}
