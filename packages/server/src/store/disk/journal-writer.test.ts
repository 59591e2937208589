import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
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

  it('writes the lines appended in one turn of the event loop with one write, the first line too', async () => {
    const journal = await JournalWriter.open(file, rotated);
    const first = journal.append('first\n');
    // Appended by callbacks of the same turn (as requests read in one poll of the event loop).
    const others = await new Promise<Promise<void>[]>((resolve) =>
      queueMicrotask(() => resolve(Array.from({ length: 49 }, (_, i) => journal.append(`${i}\n`)))),
    );
    await Promise.all([first, ...others]);
    expect(journal.stats).toEqual({ entries: 50, fsyncs: 1, failures: 0 });
    await journal.append('later\n');
    expect(journal.stats.fsyncs).toBe(2);
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

  it('writes the next batch while the check of the one before runs, and acknowledges each only after a check that started once it was durable', async () => {
    const events: string[] = [];
    const checks: { release: (ok: boolean) => void; size: number }[] = [];
    // Each check waits until the test lets it end; it records the file's size when it starts.
    const guard = () =>
      new Promise<void>((resolve, reject) => {
        const size = statSync(file).size;
        events.push(`check from ${size}`);
        checks.push({ release: (ok) => (ok ? resolve() : reject(new Error('claim lost'))), size });
      });
    const journal = await JournalWriter.open(file, rotated, guard);
    const first = journal.append('1\n').then(() => events.push('ack 1'));
    await until(() => checks.length === 1);
    // The first batch is durable and its check is running: the next batch is written meanwhile.
    const second = journal.append('2\n').then(() => events.push('ack 2'));
    // Durable, not only written (the file shows the bytes before the write returns): the second
    // check can then start as soon as the first ends.
    await until(() => journal.stats.fsyncs === 2);
    expect(readFileSync(file, 'utf8')).toBe('1\n2\n');
    // …but its check waits for the first one (which started before its bytes were durable).
    expect(checks).toHaveLength(1);
    expect(events).toEqual(['check from 2']);
    checks[0]?.release(true);
    await first;
    await until(() => checks.length === 2);
    expect(events.slice(0, 2)).toEqual(['check from 2', 'check from 4']);
    expect(events).toContain('ack 1');
    expect(events).not.toContain('ack 2');
    checks[1]?.release(true);
    await second;
    expect(events.at(-1)).toBe('ack 2');
    expect(journal.stats).toMatchObject({ entries: 2, fsyncs: 2 });
    await journal.close();
  });

  it('lets one check vouch for every batch written while the check before it ran', async () => {
    const checks: { release: () => void; size: number }[] = [];
    const guard = () => new Promise<void>((resolve) => checks.push({ release: resolve, size: statSync(file).size }));
    const journal = await JournalWriter.open(file, rotated, guard);
    const first = journal.append('1\n');
    await until(() => checks.length === 1);
    const second = journal.append('2\n');
    // Durable, not only written: a batch waits for a check only once its fsync is done.
    await until(() => journal.stats.fsyncs === 2);
    const third = journal.append('3\n');
    await until(() => journal.stats.fsyncs === 3);
    checks[0]?.release();
    await first;
    await until(() => checks.length === 2);
    // The second check started with both later batches durable.
    expect(checks[1]?.size).toBe(6);
    checks[1]?.release();
    await Promise.all([second, third]);
    expect(checks).toHaveLength(2);
    expect(journal.stats).toMatchObject({ entries: 3, fsyncs: 3 });
    await journal.close();
  });

  it('acknowledges no batch written behind one whose check failed', async () => {
    const checks: ((ok: boolean) => void)[] = [];
    const guard = () =>
      new Promise<void>((resolve, reject) => checks.push((ok) => (ok ? resolve() : reject(new Error('claim lost')))));
    const journal = await JournalWriter.open(file, rotated, guard);
    const first = journal.append('1\n');
    await until(() => checks.length === 1);
    const second = journal.append('2\n');
    await until(() => readFileSync(file, 'utf8') === '1\n2\n');
    checks[0]?.(false);
    await expect(first).rejects.toThrow('claim lost');
    await expect(second).rejects.toThrow('claim lost');
    // The failed check is the only one: the second batch is refused without a check of its own.
    expect(checks).toHaveLength(1);
    await expect(journal.append('3\n')).rejects.toThrow('claim lost');
    expect(journal.stats.entries).toBe(0);
    await expect(journal.rotate()).rejects.toThrow('claim lost');
    expect(readFileSync(file, 'utf8')).toBe('1\n2\n');
  });

  it('rotates only after the checks of the lines before the rotation passed', async () => {
    const checks: (() => void)[] = [];
    const guard = () => new Promise<void>((resolve) => checks.push(resolve));
    const journal = await JournalWriter.open(file, rotated, guard);
    const before = journal.append('1\n');
    const rotation = journal.rotate();
    await until(() => checks.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(existsSync(rotated)).toBe(false);
    checks[0]?.();
    await before;
    // The rotation's own check.
    await until(() => checks.length === 2);
    checks[1]?.();
    await rotation;
    expect(readFileSync(rotated, 'utf8')).toBe('1\n');
    await journal.close();
  });
});

/** Resolves once `condition` holds (polled every few milliseconds; fails the test after 5 s). */
async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}
