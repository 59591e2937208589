import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, truncateSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuilds } from '../../../test-support/fresh-build.js';
import { startServer, type RunningServer } from '../../../test-support/start-server.js';
import { verifyStore } from '../src/store/disk/verify-store.js';

/**
 * A real full disk: the data file on a small tmpfs (mounted here, so it needs root or
 * CAP_SYS_ADMIN, as CI and the development machines have), filled up while the server writes,
 * then given space back.
 */
const SIZE = '8m';

// Mounted while the tests are collected: whether it worked decides whether the test runs.
const dir = mkdtempSync(join(tmpdir(), 'teamchat-full-disk-'));
const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${SIZE},mode=0700`, 'teamchat-full-disk', dir], {
  encoding: 'utf8',
});
const mountProblem =
  mounted.error || mounted.status !== 0
    ? `cannot mount a tmpfs (${mounted.error?.message ?? mounted.stderr.trim()}): run as root to test a full disk`
    : null;
if (mountProblem) console.warn(`[full-disk.test] SKIPPED: ${mountProblem}`);

beforeAll(() => {
  if (!mountProblem) assertFreshBuilds();
});
afterAll(() => {
  if (!mountProblem) spawnSync('umount', ['-l', dir]);
  rmSync(dir, { recursive: true, force: true });
});

function credentials(zuliprc: string): string {
  const text = readFileSync(zuliprc, 'utf8');
  return `Basic ${btoa(`${/^email=(.*)$/m.exec(text)?.[1] ?? ''}:${/^key=(.*)$/m.exec(text)?.[1] ?? ''}`)}`;
}

/** Fills the file system of `file` up completely; returns how many bytes went in. */
function fillUp(file: string): number {
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(16 * 1024, 0x2e);
  let written = 0;
  try {
    for (;;) written += writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
  return written;
}

interface Sent {
  status: number;
  body: { result: string; msg: string; code?: string; id?: number };
}

describe(`teamchat-server on a full disk${mountProblem ? ` (SKIPPED: ${mountProblem})` : ''}`, () => {
  it.skipIf(mountProblem !== null)(
    'answers 503 and refuses writes while the journal cannot be written, serves reads, accepts writes once space is back, and loses no acknowledged write',
    async () => {
      let server: RunningServer = await startServer(dir, { args: ['--rate-limit', 'off'] });
      const auth = credentials(server.zuliprc('owner'));
      const send = async (content: string): Promise<Sent> => {
        const response = await fetch(`${server.url}/api/v1/messages`, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ type: 'stream', to: 'general', topic: 'full disk', content }),
        });
        return { status: response.status, body: (await response.json()) as Sent['body'] };
      };
      const acknowledged = new Map<number, string>();
      const refused: Sent[] = [];
      const filler = join(dir, 'filler');
      const filled = fillUp(filler);
      // Leave room for a few dozen messages, then write from 4 clients until the disk is full.
      truncateSync(filler, filled - 96 * 1024);
      let n = 0;
      const writer = async () => {
        while (refused.length < 20) {
          const content = `message ${(n += 1)} ${'x'.repeat(1500)}`;
          const sent = await send(content);
          if (sent.status === 200 && sent.body.id !== undefined) acknowledged.set(sent.body.id, content);
          else refused.push(sent);
        }
      };
      await Promise.all([writer(), writer(), writer(), writer()]);
      expect(acknowledged.size).toBeGreaterThan(5);
      for (const answer of refused) {
        expect(answer).toEqual({
          status: 503,
          body: {
            result: 'error',
            code: 'INTERNAL_SERVER_ERROR',
            msg: 'This server cannot save changes right now (its storage is full or failing); nothing was changed. Reads still work; try again later',
          },
        });
      }
      // One log line for the outage, naming the cause.
      expect(server.log().match(/cannot write the journal .*ENOSPC.*refusing writes \(503\)/g)).toHaveLength(1);

      // Reads go on: every acknowledged message is there, and nothing that was refused.
      const read = async () => {
        const response = await fetch(
          `${server.url}/api/v1/messages?${new URLSearchParams({ anchor: 'newest', num_before: '5000', num_after: '0', narrow: JSON.stringify([{ operator: 'topic', operand: 'full disk' }]) })}`,
          { headers: { authorization: auth } },
        );
        expect(response.status).toBe(200);
        const { messages } = (await response.json()) as { messages: { id: number; content: string }[] };
        return new Map(messages.map((m) => [m.id, m.content]));
      };
      const during = await read();
      expect([...during.keys()].sort((a, b) => a - b)).toEqual([...acknowledged.keys()].sort((a, b) => a - b));

      // Space comes back: the next write (a second after the last failure at most) is accepted.
      unlinkSync(filler);
      const deadline = Date.now() + 10_000;
      let back: Sent | null = null;
      while (Date.now() < deadline) {
        const content = `after the disk emptied ${(n += 1)}`;
        const sent = await send(content);
        if (sent.status === 200 && sent.body.id !== undefined) {
          acknowledged.set(sent.body.id, content);
          back = sent;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(back?.status).toBe(200);
      expect(server.log()).toContain('can be written again: accepting writes');
      for (let i = 0; i < 10; i += 1) {
        const content = `later ${i}`;
        const sent = await send(content);
        expect(sent.status).toBe(200);
        acknowledged.set(sent.body.id as number, content);
      }
      const after = await read();
      for (const [id, content] of acknowledged) expect(after.get(id)).toContain(content.slice(0, 20));

      // A crash now: no half-written record in the journal, and every acknowledged write comes back.
      await server.crash();
      const verified = await verifyStore(join(dir, 'data.json'));
      expect(verified.files.map((file) => [file.problem, file.torn])).toEqual(verified.files.map(() => [null, null]));
      server = await startServer(dir, { args: ['--rate-limit', 'off'] });
      const restarted = await read();
      expect([...restarted.keys()].sort((a, b) => a - b)).toEqual([...acknowledged.keys()].sort((a, b) => a - b));
      await server.stop();
    },
    60_000,
  );
});
