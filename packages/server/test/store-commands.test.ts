import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuilds, REPO_ROOT } from '../../../test-support/fresh-build.js';
import { startServer } from '../../../test-support/start-server.js';

const BIN = join(REPO_ROOT, 'packages/server/dist/bin.js');
const server = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8' });

let dir: string;
beforeAll(() => {
  assertFreshBuilds();
  dir = mkdtempSync(join(tmpdir(), 'teamchat-store-commands-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('teamchat-server verify and recover', () => {
  it('verify exits 0 on an intact store and 1 naming the damaged record; recover writes a copy the server starts on, and never touches the original', async () => {
    const running = await startServer(dir, { args: ['--rate-limit', 'off'] });
    const dataFile = join(dir, 'data.json');
    const zuliprc = readFileSync(running.zuliprc('owner'), 'utf8');
    const authorization = `Basic ${btoa(`${/^email=(.*)$/m.exec(zuliprc)?.[1] ?? ''}:${/^key=(.*)$/m.exec(zuliprc)?.[1] ?? ''}`)}`;
    for (const content of ['one', 'two', 'three']) {
      const sent = await fetch(`${running.url}/api/v1/messages`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ type: 'stream', to: 'general', topic: 'records', content }),
      });
      expect(sent.status).toBe(200);
    }
    // While it runs (the demo organization is in the journal).
    const intact = server('verify', '--data', dataFile);
    expect(intact.status).toBe(0);
    expect(intact.stdout).toMatch(
      /^.*data\.json \(snapshot, 0 records, \d+ bytes\): ok\n.*data\.json\.journal \(journal, \d+ records, \d+ bytes\): ok\nThe store is intact \(data format 3, seq \d+\)\.\n$/,
    );
    await running.crash();

    // One byte inside a string in the middle of the journal: the JSON stays valid.
    const journal = readFileSync(`${dataFile}.journal`);
    const at = journal.indexOf('"content":"two"') + 11;
    journal.write('T', at, 'latin1');
    writeFileSync(`${dataFile}.journal`, journal);
    const record = journal.subarray(0, at).toString('latin1').split('\n').length;

    const damaged = server('verify', '--data', dataFile);
    expect(damaged.status).toBe(1);
    expect(damaged.stdout).toContain(`data.json.journal (journal, ${record - 1} records, `);
    expect(damaged.stdout).toContain(
      `: damaged at record ${record} (byte ${journal.subarray(0, at).lastIndexOf(0x0a) + 1}): its checksum does not match its bytes`,
    );

    const start = server('--port', '0', '--data', dataFile);
    expect(start.status).toBe(1);
    // One line (after the note about the lock the crash left).
    expect(start.stderr.trim().split('\n').at(-1)).toMatch(
      new RegExp(`^teamchat-server: .*data\\.json\\.journal is damaged at record ${record} \\(byte \\d+\\)`),
    );

    const recovered = server('recover', '--data', dataFile, '--to-record', String(record - 1));
    expect(recovered.status).toBe(0);
    expect(recovered.stdout).toContain(`Repaired copy: ${join(dir, 'data.recovered.json')}`);
    expect(recovered.stdout).toContain(`data.json.journal: record ${record} (byte `);
    expect(readFileSync(`${dataFile}.journal`)).toEqual(journal);
    expect(existsSync(join(dir, 'data.recovered.txt'))).toBe(true);
    expect(server('verify', '--data', join(dir, 'data.recovered.json')).status).toBe(0);
    expect(record).toBeGreaterThan(2);
  }, 30_000);
});
