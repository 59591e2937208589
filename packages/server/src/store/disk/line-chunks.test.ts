import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { documentChunks } from './document-chunks.js';
import { CHUNK_BYTES } from './line-chunks.js';
import { readDocumentLines } from './read-document-lines.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'teamchat-line-chunks-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A sealed snapshot of `messages`, written to `data.json`. */
function snapshotOf(messages: { id: number; content: string }[]): string {
  const document = {
    format: 3,
    seq: 1,
    counters: { messages: messages.length },
    collections: { messages },
    user_messages: { '1': { ids: [1, messages.length], bits: [0, messages.length] } },
  };
  const file = join(dir, 'data.json');
  writeFileSync(file, Buffer.concat([...documentChunks(document)]));
  return file;
}

describe('reading a snapshot on a worker thread', () => {
  it('reads many chunks (its buffers handed back and reused) and lines longer than a chunk, as on this thread', async () => {
    // About 12 chunks, and records of 2.5 and 1.2 chunks among them.
    const messages = Array.from({ length: 24_000 }, (_, i) => ({
      id: i + 1,
      content:
        i === 5000
          ? 'L'.repeat(2.5 * CHUNK_BYTES)
          : i === 17_000
            ? 'é'.repeat(0.6 * CHUNK_BYTES)
            : `m ${i} ${'x'.repeat(i % 700)}`,
    }));
    const file = snapshotOf(messages);
    expect(readFileSync(file).length).toBeGreaterThan(10 * CHUNK_BYTES);
    const onWorker = await readDocumentLines(file, { checksums: 'worker' });
    expect(onWorker?.collections.messages).toEqual(messages);
    expect(onWorker).toEqual(await readDocumentLines(file, { checksums: 'inline' }));
  });

  it('names a damaged line many chunks in by its number and byte, as on this thread', async () => {
    const messages = Array.from({ length: 20_000 }, (_, i) => ({
      id: i + 1,
      content: `message ${i + 1} ${'z'.repeat(i % 600)}`,
    }));
    const file = snapshotOf(messages);
    const bytes = readFileSync(file);
    const byte = bytes.indexOf('"message 18765 ');
    expect(byte).toBeGreaterThan(6 * CHUNK_BYTES);
    bytes.write('"massage', byte);
    writeFileSync(file, bytes);
    const line = bytes.subarray(0, byte).toString('latin1').split('\n').length;
    const lineStart = bytes.lastIndexOf(0x0a, byte) + 1;
    const expected = `${file} is damaged at record ${line} (byte ${lineStart}): its checksum does not match its bytes`;
    await expect(readDocumentLines(file, { checksums: 'worker' })).rejects.toThrow(expected);
    await expect(readDocumentLines(file, { checksums: 'inline' })).rejects.toThrow(expected);
  });

  it('leaves a file whose first line runs on for megabytes to be read as a whole (an older compact snapshot)', async () => {
    const file = join(dir, 'compact.json');
    const document = {
      format: 1,
      seq: 1,
      counters: {},
      collections: { messages: [{ id: 1, content: 'c'.repeat(3 * CHUNK_BYTES) }] },
    };
    writeFileSync(file, JSON.stringify(document));
    expect(await readDocumentLines(file, { checksums: 'worker' })).toBeNull();
    expect(await readDocumentLines(file, { checksums: 'inline' })).toBeNull();
  });

  it('rejects a missing file with ENOENT', async () => {
    await expect(readDocumentLines(join(dir, 'missing.json'), { checksums: 'worker' })).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });
});
