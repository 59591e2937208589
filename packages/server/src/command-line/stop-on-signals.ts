import type { Logger } from '../core/index.js';

/** How often a server started by npm checks that the process that started it is still there. */
const PARENT_CHECK_MS = 500;

/**
 * Stops a long-running command gracefully, once: on SIGTERM and SIGINT, and — when npm
 * started it (`npm start`, `npx teamchat-server`, `npm exec`) — as soon as the process that
 * started it is gone. `close` finishes the work (the server's final snapshot, the data file's
 * lock released); the process then exits 0, or 1 when `close` fails.
 *
 * Why the second: npm runs a script or an npx command through `sh -c '<command>'`, and
 * Debian's `sh` (dash) forks the command instead of replacing itself with it. `kill <npm's
 * pid>` makes npm forward SIGTERM to that shell, which dies without passing it on: the server
 * was left running with parent 1, holding its port and the lock. No signal reaches the server
 * then, but its parent changes, and that is what it watches. Only under npm (npm sets
 * `npm_lifecycle_event`): a server started with `nohup` or `&` from a script that then ends
 * keeps running, as asked. (The repository's `npm start` also `exec`s the server, so that
 * npm's SIGTERM reaches it directly.)
 */
export function stopOnSignals(
  close: () => Promise<void>,
  options: { log?: Logger; env?: NodeJS.ProcessEnv } = {},
): void {
  const { log, env = process.env } = options;
  let stopping = false;
  const stop = (reason: string): void => {
    if (stopping) return;
    stopping = true;
    log?.info(`${reason}; shutting down`);
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        log?.error(`shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('received SIGTERM'));
  process.on('SIGINT', () => stop('received SIGINT'));
  const event = env['npm_lifecycle_event'];
  if (event !== undefined) {
    const npmCommand = event === 'npx' ? 'npx' : `npm run ${event}`;
    const parent = process.ppid;
    setInterval(() => {
      if (process.ppid !== parent) stop(`its parent process (pid ${parent}, under ${npmCommand}) has ended`);
    }, PARENT_CHECK_MS).unref();
  }
}
