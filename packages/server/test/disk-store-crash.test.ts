import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDiskStore } from '../src/store/disk/index.js';

type CrashDb = {
  items: { id: number; writer: number; payload: string };
  counters: { id: string; writes: number };
};

let dir: string;
let script: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'teamchat-crash-'));
  script = join(dir, 'disk-writer.mjs');
  await build({
    entryPoints: [fileURLToPath(new URL('./fixtures/disk-writer.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: script,
    logLevel: 'silent',
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the writer until it has acknowledged `acks` writes, kills it with SIGKILL, and returns the acknowledged ids. */
function runAndKill(dataFile: string, acks: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, dataFile, '32768', '48'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let killed = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (!killed && stdout.split('\n').length - 2 >= acks) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (signal !== 'SIGKILL') {
        reject(new Error(`the writer exited by itself (code ${String(code)}): ${stderr}`));
        return;
      }
      // Only complete lines count: a line is written whole or not at all.
      const lines = stdout.split('\n').slice(0, -1);
      if (lines[0] !== 'ready') reject(new Error(`the writer did not start: ${stderr}`));
      else resolve(lines.slice(1).map(Number));
    });
  });
}

describe('disk store under kill -9', () => {
  it('keeps every acknowledged write across repeated SIGKILLs, with compactions in between', async () => {
    const dataFile = join(dir, 'data.json');
    const acknowledged = new Set<number>();
    for (const [round, acks] of [300, 1500, 50, 3000, 800].entries()) {
      for (const id of await runAndKill(dataFile, acks)) acknowledged.add(id);

      // The snapshot is always a whole, parseable document.
      expect(() => JSON.parse(readFileSync(dataFile, 'utf8')) as unknown).not.toThrow();
      const disk = await openDiskStore<CrashDb>(dataFile, { log: { warn: () => {} } });
      expect(disk.created).toBe(false);
      const missing = [...acknowledged].filter((id) => disk.store.get('items', id) === undefined);
      expect(missing, `round ${round}: acknowledged writes lost`).toEqual([]);
      // Every transaction that made an item also counted it: the two never disagree.
      expect(disk.store.get('counters', 'writes')?.writes).toBe(disk.store.count('items'));
      // Alternate between a clean close (a final compaction) and leaving the files as the crash left them.
      if (round % 2 === 0) await disk.store.close();
      else await releaseWithoutClosing(disk.lockFile, disk.store);
    }
  });
});

/** Gives the data file back without a final snapshot, so the next round starts from the crash's files. */
async function releaseWithoutClosing(lockFile: string, store: object): Promise<void> {
  const internals = store as {
    persister?: { parts: { journal: { close(): Promise<void> }; claim: { abandon(): Promise<void> } } };
  };
  await internals.persister?.parts.journal.close();
  await internals.persister?.parts.claim.abandon();
  rmSync(lockFile);
}
