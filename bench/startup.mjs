// The start-up and memory rows: for each store size, a data file seeded directly through the
// store, the server started on it (time from spawning the process to its first answer, RSS
// once started), then written to for one measurement (POST /messages) and stopped (peak RSS
// over the whole life of the process, the final snapshot at shutdown included).
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { authHeaders, encodeForm } from './api.mjs';
import { measure } from './measure.mjs';
import { memoryOf, startNode } from './processes.mjs';
import { readAccounts, seedDataFile, SERVER_BIN } from './targets.mjs';

const MIB = 1024 * 1024;
const LISTENING = /listening on (http:\/\/\S+)/;

/** The targets by store size (messages): seconds to the first answer, MiB (1,000,000: issue 28). */
export function startupTarget(size) {
  if (size <= 100_000) return { startSeconds: 1.0, rssMib: 200, peakMib: null };
  if (size <= 1_000_000) return { startSeconds: 3.0, rssMib: 600, peakMib: 1536 };
  return { startSeconds: null, rssMib: null, peakMib: null };
}

/** Polls `url` until it answers 200; resolves with the time it did (performance.now()). */
export async function firstAnswer(url, child, timeoutMs = 300_000) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return performance.now();
    } catch {
      // not listening yet
    }
    if (child.exited) throw new Error(`the server exited before answering:\n${child.output()}`);
    if (performance.now() > deadline) throw new Error(`no answer from ${url} within ${timeoutMs} ms`);
    await sleep(2);
  }
}

/**
 * One start-up row: seeds `size` messages into a fresh data file under `dir`, starts the
 * server on it and measures. `track` registers child processes for clean-up.
 */
export async function measureStartup({ size, dir, settings, log, track }) {
  const home = join(dir, `startup-${size}`);
  await mkdir(home, { recursive: true });
  try {
    log(`seeding ${size} messages`);
    const seeded = await seedDataFile(home, 'data.json', size, track);
    log(
      `seeded in ${seeded.seconds.toFixed(1)} s (${(seeded.bytes / MIB).toFixed(0)} MiB data file); starting the server`,
    );
    const spawned = performance.now();
    const server = await startNode({
      label: `teamchat-server (start-up ${size})`,
      script: SERVER_BIN,
      args: ['--port', '0', '--data', seeded.dataFile, '--quiet', '--rate-limit', 'off'],
      ready: LISTENING,
      timeoutMs: 300_000,
    });
    track(server);
    const origin = server.match[1];
    const answered = await firstAnswer(`${origin}/api/v1/server_settings`, server);
    const startSeconds = (answered - spawned) / 1000;
    const accounts = await readAccounts(home, server);
    // Settled: what the process holds once start-up garbage is collected.
    await sleep(1000);
    const afterStart = memoryOf(server.pid);
    log(
      `first answer after ${startSeconds.toFixed(2)} s, RSS ${afterStart?.rss.toFixed(0)} MiB; writing for ${settings.duration} s`,
    );

    const request = {
      method: 'POST',
      path: '/api/v1/messages',
      headers: { ...authHeaders(accounts.member), 'content-type': 'application/x-www-form-urlencoded' },
    };
    let sent = 0;
    request.setupRequest = (built) => {
      built.body = encodeForm({
        type: 'stream',
        to: 'general',
        topic: 'start-up writes',
        content: `Write **${sent++}** after start-up: https://example.com/${sent}`,
      });
      return built;
    };
    const written = await measure({ origin, request, settings, seconds: settings.duration, histogram: null });
    let peak = memoryOf(server.pid)?.peak ?? null;
    // The final snapshot at shutdown is part of writing: sample the peak until the process is gone.
    const stopping = server.stop(120_000);
    while (!server.exited) {
      const now = memoryOf(server.pid)?.peak;
      if (now) peak = Math.max(peak ?? 0, now);
      await sleep(20);
    }
    const exit = await stopping;
    const problems = [];
    if (written.non2xx || written.errors) problems.push(`writes: ${written.non2xx} non-2xx, ${written.errors} errors`);
    if (exit.code !== 0) problems.push(`the server exited with ${JSON.stringify(exit)}`);
    return {
      name: `start-up ${size}`,
      messages: size,
      dataFileBytes: seeded.bytes,
      seedSeconds: seeded.seconds,
      startSeconds,
      rssAfterStart: afterStart?.rss ?? null,
      peakRss: peak,
      writes: { requests: written.requests, rps: written.requests / written.seconds },
      target: startupTarget(size),
      problems,
    };
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}
