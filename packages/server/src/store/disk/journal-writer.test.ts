import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JournalWriter } from './journal-writer.js';

let dir: string;
let file: string;
let rotated: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'teamchat-journal-writer-'));
  file = join(dir, 'data.json.journal');
  rotated = `${file}.compacting`;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('JournalWriter', () => {
  it('writes lines in the order of the append calls', async () => {
    const journal = await JournalWriter.open(file, rotated);
    const lines = Array.from({ length: 50 }, (_, i) => `${i}\n`);
    await Promise.all(lines.map((line) => journal.append(line)));
    expect(readFileSync(file, 'utf8')).toBe(lines.join(''));
    expect(journal.size).toBe(Buffer.byteLength(lines.join('')));
    await journal.close();
  });

  it('shares one write and fsync among lines appended while a flush is running', async () => {
    const journal = await JournalWriter.open(file, rotated);
    await Promise.all(Array.from({ length: 200 }, (_, i) => journal.append(`${i}\n`)));
    expect(journal.stats.entries).toBe(200);
    // The first line starts a flush alone; the 199 others queue behind it.
    expect(journal.stats.fsyncs).toBeLessThanOrEqual(3);
    await journal.close();
  });

  it('appends to an existing journal and counts its size', async () => {
    const first = await JournalWriter.open(file, rotated);
    await first.append('a\n');
    await first.close();
    const second = await JournalWriter.open(file, rotated);
    expect(second.size).toBe(2);
    await second.append('b\n');
    await second.close();
    expect(readFileSync(file, 'utf8')).toBe('a\nb\n');
  });

  it('rotates between the lines appended before and after the call', async () => {
    const journal = await JournalWriter.open(file, rotated);
    const before = [journal.append('1\n'), journal.append('2\n')];
    const rotation = journal.rotate();
    const after = [journal.append('3\n')];
    await Promise.all([...before, rotation, ...after]);
    expect(readFileSync(rotated, 'utf8')).toBe('1\n2\n');
    expect(readFileSync(file, 'utf8')).toBe('3\n');
    expect(journal.size).toBe(2);
    await journal.close();
  });

  it('rejects appends after close', async () => {
    const journal = await JournalWriter.open(file, rotated);
    await journal.close();
    await expect(journal.append('late\n')).rejects.toThrow(/journal is closed/);
    expect(existsSync(rotated)).toBe(false);
  });

  it('rejects every append of a batch whose write fails', async () => {
    const journal = await JournalWriter.open(file, rotated);
    await journal.append('ok\n');
    // Pull the file out from under the writer: the next write fails with EBADF.
    await (journal as unknown as { handle: FileHandle }).handle.close();
    const results = await Promise.allSettled([journal.append('x\n'), journal.append('y\n')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/cannot write the journal/);
    expect(journal.stats.failures).toBeGreaterThan(0);
    expect(readFileSync(file, 'utf8')).toBe('ok\n');
  });

  it('refuses every later append after a failed write, so the file never skips an entry', async () => {
    const journal = await JournalWriter.open(file, rotated);
    await journal.append('ok\n');
    const handle = (journal as unknown as { handle: FileHandle }).handle;
    await handle.close();
    await expect(journal.append('lost\n')).rejects.toThrow(/cannot write the journal/);
    // Even with a working file again, a later entry must not follow the lost one.
    (journal as unknown as { handle: FileHandle }).handle = await open(file, 'a');
    await expect(journal.append('depends on the lost one\n')).rejects.toThrow(/cannot write the journal/);
    expect(readFileSync(file, 'utf8')).toBe('ok\n');
  });

  /** A guard (the claim check) whose runs the test lets pass or fail one by one. */
  function heldGuard() {
    const runs: { fileAtStart: string; settle: (error?: Error) => void }[] = [];
    const guard = () =>
      new Promise<void>((resolve, reject) => {
        runs.push({ fileAtStart: readFileSync(file, 'utf8'), settle: (error) => (error ? reject(error) : resolve()) });
      });
    return { runs, guard };
  }
  const until = async (condition: () => boolean) => {
    while (!condition()) await new Promise((resolve) => setTimeout(resolve, 1));
  };

  it('writes the next batch while the previous one is checked, and acknowledges each only after a check begun once it was durable, in order', async () => {
    const { runs, guard } = heldGuard();
    const journal = await JournalWriter.open(file, rotated, guard);
    const acknowledged: string[] = [];
    const first = journal.append('1\n').then(() => acknowledged.push('1'));
    await until(() => runs.length === 1);
    expect(runs[0]?.fileAtStart).toBe('1\n');
    // The first batch's check is still running: the second batch is written meanwhile ...
    const second = journal.append('2\n').then(() => acknowledged.push('2'));
    await until(() => readFileSync(file, 'utf8') === '1\n2\n');
    // ... but neither is acknowledged, and the second's check waits for the first's.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(acknowledged).toEqual([]);
    expect(runs).toHaveLength(1);
    runs[0]?.settle();
    await first;
    await until(() => runs.length === 2);
    expect(runs[1]?.fileAtStart).toBe('1\n2\n');
    expect(acknowledged).toEqual(['1']);
    runs[1]?.settle();
    await second;
    expect(acknowledged).toEqual(['1', '2']);
    expect(journal.stats.entries).toBe(2);
    await journal.close();
  });

  it('acknowledges nothing more once a check fails: the batch written meanwhile is durable but refused, and later appends too', async () => {
    const { runs, guard } = heldGuard();
    const journal = await JournalWriter.open(file, rotated, guard);
    const first = journal.append('1\n');
    await until(() => runs.length === 1);
    const second = journal.append('2\n');
    await until(() => readFileSync(file, 'utf8') === '1\n2\n');
    runs[0]?.settle(new Error('claim lost'));
    await expect(first).rejects.toThrow('claim lost');
    await expect(second).rejects.toThrow('claim lost');
    await expect(journal.append('3\n')).rejects.toThrow('claim lost');
    // The second batch never got a check of its own: the first one's failure refused it.
    expect(runs).toHaveLength(1);
    expect(journal.stats.entries).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe('1\n2\n');
    await journal.close();
  });
});
