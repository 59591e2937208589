import { existsSync, readFileSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Logger } from '../core/index.js';
import { createPushBouncer, type PushBouncer } from '../push-bouncer/push-bouncer.js';
import type { BouncerState } from '../push-bouncer/bouncer-state.js';
import { syncDirectory, writeAll } from '../store/disk/durable-io.js';
import { listen, type RunningServer } from './node-server.js';

/** Options of {@link startPushBouncer}. */
export interface PushBouncerServerOptions {
  port?: number;
  host?: string;
  /** JSON file of the bouncer's keys, servers, devices and notifications; in memory without one. */
  dataFile?: string;
  log?: Logger;
  logRequests?: boolean;
  /** Clock of the bouncer (registration freshness, notification times); tests pass the server's. */
  now?: () => number;
}

/** A local push bouncer listening on node:http. */
export interface RunningPushBouncer {
  bouncer: PushBouncer;
  url: string;
  close(): Promise<void>;
}

/** Writes `state` to `file` through a temporary file, fsynced and renamed (a crash leaves the old or the new file). */
async function saveState(file: string, state: BouncerState): Promise<void> {
  const temporary = `${file}.tmp`;
  const handle = await open(temporary, 'w');
  try {
    await writeAll(handle, `${JSON.stringify(state, null, 1)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
  await syncDirectory(dirname(file));
}

/**
 * Starts a local push bouncer ({@link createPushBouncer}) on node:http: what
 * `teamchat-push-bouncer` and `teamchat-server --push-bouncer` run. With `dataFile` its state
 * (key pairs, registered servers and devices, recorded notifications) survives restarts, so
 * apps keep their registrations.
 */
export async function startPushBouncer(options: PushBouncerServerOptions = {}): Promise<RunningPushBouncer> {
  const file = options.dataFile;
  const state = file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BouncerState) : undefined;
  // Saves run one after the other (they share the temporary file), each with the state of its change.
  let saving: Promise<void> = Promise.resolve();
  const save = (changed: BouncerState) => {
    if (!file) return;
    const snapshot = structuredClone(changed);
    saving = saving
      .then(() => saveState(file, snapshot))
      .catch((error: unknown) =>
        options.log?.error('the push bouncer could not save its data file', { error: String(error) }),
      );
  };
  const bouncer = createPushBouncer({
    ...(state ? { state } : {}),
    ...(options.now ? { now: options.now } : {}),
    onChange: save,
  });
  // A new data file is written at once (with the first key pair).
  if (file && !state) save(bouncer.state);
  await saving;
  const running: RunningServer = await listen({
    handler: (request) => bouncer.handle(request),
    port: options.port ?? 0,
    host: options.host ?? '127.0.0.1',
    ...(options.log ? { log: options.log } : {}),
    logRequests: options.logRequests ?? false,
  });
  return {
    bouncer,
    url: running.url,
    async close() {
      await running.close();
      await saving;
    },
  };
}
