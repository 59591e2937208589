import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataLock } from './data-lock.js';

let dir: string;
let lockFile: string;
let dataFile: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'teamchat-lock-'));
  dataFile = join(dir, 'data.json');
  lockFile = `${dataFile}.lock`;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid ?? 999_999;
}

describe('acquireDataLock', () => {
  it('writes the owner into the lock file and removes it on release', async () => {
    const lock = await acquireDataLock({ lockFile, dataFile });
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toEqual({
      pid: process.pid,
      startedAt: lock.owner.startedAt,
      host: hostname(),
      token: lock.owner.token,
    });
    await lock.release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it('refuses while a live process holds the lock', async () => {
    const lock = await acquireDataLock({ lockFile, dataFile });
    await expect(acquireDataLock({ lockFile, dataFile })).rejects.toThrow(
      `[teamchat-server] ${dataFile} is in use by another teamchat-server (pid ${process.pid}); stop it first or use another --data file`,
    );
    await lock.release();
  });

  it('takes over a stale lock whose process is gone', async () => {
    const pid = deadPid();
    writeFileSync(lockFile, JSON.stringify({ pid, startedAt: new Date(0).toISOString(), host: hostname() }));
    const warnings: string[] = [];
    const lock = await acquireDataLock({ lockFile, dataFile, onStale: (m) => warnings.push(m) });
    expect(JSON.parse(readFileSync(lockFile, 'utf8')).pid).toBe(process.pid);
    expect(warnings).toEqual([`[teamchat-server] taking over the stale lock ${lockFile} (pid ${pid} is not running)`]);
    await lock.release();
  });

  it('takes over a garbled lock file', async () => {
    writeFileSync(lockFile, '');
    const lock = await acquireDataLock({ lockFile, dataFile, onStale: () => {} });
    expect(JSON.parse(readFileSync(lockFile, 'utf8')).pid).toBe(process.pid);
    await lock.release();
  });

  it('tells a lock file rewritten in place, shorter and without its token, from its own (no stale bytes of an earlier look count)', async () => {
    const lock = await acquireDataLock({ lockFile, dataFile });
    expect(lock.verify()).toBe('held');
    // Same inode (written in place), shorter than the owner line the last look read.
    writeFileSync(lockFile, '{"pid":1}\n');
    expect(lock.verify()).toBe('replaced');
    writeFileSync(lockFile, `${JSON.stringify(lock.owner)}\n`);
    expect(lock.verify()).toBe('held');
    rmSync(lockFile);
    expect(lock.verify()).toBe('missing');
    await lock.release();
  });

  it('does not remove a lock that another owner has taken meanwhile', async () => {
    const lock = await acquireDataLock({ lockFile, dataFile });
    writeFileSync(lockFile, JSON.stringify({ pid: process.pid, startedAt: 'later', host: hostname() }));
    await lock.release();
    expect(existsSync(lockFile)).toBe(true);
  });
});
