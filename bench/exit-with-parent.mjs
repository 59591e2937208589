// Preloaded (`node --import`) into every process the harness starts. The harness opens
// an IPC channel to each child; when the harness dies without cleaning up (kill -9), the
// channel closes and the child shuts itself down the ordinary way (SIGTERM), so no
// server is left running, and on its way out removes BENCH_ORPHAN_CLEANUP (the temp dir
// the harness would have removed), if set. The channel is unref'd: it never keeps a
// child alive.
import { rmSync } from 'node:fs';

if (process.channel) {
  process.channel.unref();
  process.on('disconnect', () => {
    const leftover = process.env.BENCH_ORPHAN_CLEANUP;
    if (leftover) process.on('exit', () => rmSync(leftover, { recursive: true, force: true }));
    process.kill(process.pid, 'SIGTERM');
  });
}
