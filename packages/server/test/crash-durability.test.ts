import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuilds } from '../../../test-support/fresh-build.js';
import { startServer } from '../../../test-support/start-server.js';
import type { Db } from '../src/core/model/db.js';
import { openDiskStore } from '../src/store/disk/index.js';

const ROUNDS = 3;

function credentials(zuliprc: string): string {
  const text = readFileSync(zuliprc, 'utf8');
  const email = /^email=(.*)$/m.exec(text)?.[1] ?? '';
  const key = /^key=(.*)$/m.exec(text)?.[1] ?? '';
  return `Basic ${btoa(`${email}:${key}`)}`;
}

let dir: string;
beforeAll(() => {
  assertFreshBuilds();
  dir = mkdtempSync(join(tmpdir(), 'teamchat-crash-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('teamchat-server killed during writes', () => {
  it('keeps every acknowledged write, and the data file parses', async () => {
    const acknowledged: string[] = [];
    let auth = '';
    for (let round = 0; round < ROUNDS; round += 1) {
      // The first start creates the demo organization; later ones recover after a kill -9.
      const server = await startServer(dir, { args: ['--rate-limit', 'off'] });
      if (round === 0) auth = credentials(server.zuliprc('owner'));
      let stop = false;
      const writer = async (worker: number) => {
        for (let i = 0; !stop; i += 1) {
          const content = `round ${round} worker ${worker} write ${i}`;
          try {
            const response = await fetch(`${server.url}/api/v1/messages`, {
              method: 'POST',
              headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
              body: new URLSearchParams({ type: 'stream', to: 'general', topic: 'crash test', content }),
            });
            if (response.status === 200) acknowledged.push(content);
          } catch {
            return; // the server died under us
          }
        }
      };
      const writers = Array.from({ length: 16 }, (_, worker) => writer(worker));
      const target = acknowledged.length + 150 + round * 50;
      while (acknowledged.length < target) await new Promise((resolve) => setTimeout(resolve, 5));
      await server.crash();
      stop = true;
      await Promise.all(writers);
    }

    // The snapshot is valid JSON, and the store (snapshot + journal) holds every acknowledged write.
    expect(() => JSON.parse(readFileSync(join(dir, 'data.json'), 'utf8')) as unknown).not.toThrow();
    const { store } = await openDiskStore<Db>(join(dir, 'data.json'), { log: { warn: () => {}, info: () => {} } });
    const stored = new Set<string>();
    for (const message of store.all('messages')) stored.add(message.content);
    await store.close();
    const missing = acknowledged.filter((content) => !stored.has(content));
    expect(acknowledged.length).toBeGreaterThan(ROUNDS * 150);
    expect(missing).toEqual([]);
  }, 60_000);
});
