import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { removeOrphanFiles } from '../src/core/attachments/remove-orphan-files.js';
import { createCore } from '../src/core/create-core.js';
import type { Db } from '../src/core/db.js';
import { seedDemoOrganization } from '../src/core/seed/demo-organization.js';
import { createDiskFileStore, uploadsDirOf } from '../src/files/disk-file-store.js';
import { createRestHandler, type FetchHandler } from '../src/rest/rest-handler.js';
import { openDiskStore } from '../src/store/disk/index.js';
import type { Store } from '../src/store/store.js';

const SITE = 'http://127.0.0.1:9991';
const quiet = { info: () => {}, warn: () => {} };

let dir: string;
let dataFile: string;
let store: Store<Db> | null = null;

/** Opens the server on the data file (a start or a restart): store, files, orphan sweep, REST handler. */
async function start(): Promise<{ handler: FetchHandler; auth: string; orphans: string[] }> {
  const opened = await openDiskStore<Db>(dataFile, { log: quiet });
  store = opened.store;
  const core = createCore({ store: opened.store, files: createDiskFileStore(uploadsDirOf(dataFile)), config: { realmUrl: SITE } });
  if (opened.created) await seedDemoOrganization(core.services, { passwordIterations: 1000 });
  const orphans = await removeOrphanFiles(core.services);
  const member = [...opened.store.all('users')].find((user) => user.email.startsWith('mike@'));
  if (!member) throw new Error('no demo member');
  return { handler: createRestHandler(core), auth: `Basic ${btoa(`${member.email}:${member.api_key}`)}`, orphans };
}

async function stop(): Promise<void> {
  await store?.close();
  store = null;
}

function uploadRequest(auth: string, file: File): Request {
  const body = new FormData();
  body.append('file', file);
  return new Request(`${SITE}/api/v1/user_uploads`, { method: 'POST', headers: { authorization: auth }, body });
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'teamchat-uploads-'));
  dataFile = join(dir, 'data.json');
});
afterEach(async () => {
  await stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('uploaded files on disk', () => {
  it('keep their bytes across a restart, outside the JSON, and go with their attachment', async () => {
    const first = await start();
    const uploaded = await first.handler(uploadRequest(first.auth, new File(['kept across restarts'], 'kept.txt', { type: 'text/plain' })));
    expect(uploaded.status).toBe(200);
    const { url } = (await uploaded.json()) as { url: string };
    const file = join(uploadsDirOf(dataFile), ...url.slice('/user_uploads/'.length).split('/'));
    expect(readFileSync(file, 'utf8')).toBe('kept across restarts');
    await stop();
    expect(readFileSync(dataFile, 'utf8') + readFileSync(`${dataFile}.journal`, 'utf8')).not.toContain('kept across restarts');

    const second = await start();
    expect(second.orphans).toEqual([]);
    const download = await second.handler(new Request(`${SITE}${url}`, { headers: { authorization: second.auth } }));
    expect([download.status, await download.text()]).toEqual([200, 'kept across restarts']);
    const listed = (await (await second.handler(new Request(`${SITE}/api/v1/attachments`, { headers: { authorization: second.auth } }))).json()) as {
      attachments: { id: number }[];
    };
    const id = listed.attachments[0]?.id;
    const deleted = await second.handler(new Request(`${SITE}/api/v1/attachments/${id}`, { method: 'DELETE', headers: { authorization: second.auth } }));
    expect(deleted.status).toBe(200);
    // The file goes once the deletion is durable, with its now empty directories.
    await vi.waitFor(() => {
      expect(existsSync(file)).toBe(false);
      expect(readdirSync(uploadsDirOf(dataFile))).toEqual([]);
    });
    const gone = await second.handler(new Request(`${SITE}${url}`, { headers: { authorization: second.auth } }));
    expect(gone.status).toBe(404);
  });

  it('sweeps files without an attachment record (a crash between file and record) at start', async () => {
    const first = await start();
    const uploaded = await first.handler(uploadRequest(first.auth, new File(['real'], 'real.txt')));
    const { url } = (await uploaded.json()) as { url: string };
    await stop();
    const leftover = join(uploadsDirOf(dataFile), '1', 'ff', 'crashedcrashedcrashedcra', 'lost.txt');
    mkdirSync(dirname(leftover), { recursive: true });
    writeFileSync(leftover, 'never committed');
    writeFileSync(`${leftover}.tmp-0123456789ab`, 'half written');

    const second = await start();
    expect(second.orphans.sort()).toEqual(['1/ff/crashedcrashedcrashedcra/lost.txt', '1/ff/crashedcrashedcrashedcra/lost.txt.tmp-0123456789ab']);
    expect(existsSync(dirname(leftover))).toBe(false);
    const download = await second.handler(new Request(`${SITE}${url}`, { headers: { authorization: second.auth } }));
    expect(await download.text()).toBe('real');
  });

  it('refuses bodies over the limit without reading them whole, and lets an allowed file through', async () => {
    const { handler, auth } = await start();
    const small = createRestHandler(createCore({ store: store as Store<Db>, config: { maxFileUploadSizeMib: 1 } }));
    const big = new Uint8Array(1024 * 1024 + 1);
    const tooLarge = await small(uploadRequest(auth, new File([big], 'big.bin')));
    expect(await tooLarge.json()).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: 'Uploaded file is larger than the allowed limit of 1 MiB' });
    const limited = createRestHandler(createCore({ store: store as Store<Db> }), { maxBodyBytes: 1000 });
    const refused = await limited(uploadRequest(auth, new File([new Uint8Array(2000)], 'x.bin')));
    expect(refused.status).toBe(413);
    // Without a Content-Length (a stream), the limit holds too.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i += 1) controller.enqueue(new Uint8Array(500));
        controller.close();
      },
    });
    const chunked = new Request(`${SITE}/api/v1/user_uploads`, { method: 'POST', headers: { authorization: auth, 'content-type': 'multipart/form-data; boundary=x' }, body: stream, duplex: 'half' } as RequestInit);
    expect((await limited(chunked)).status).toBe(413);
    const allowed = await handler(uploadRequest(auth, new File([new Uint8Array(25 * 1024 * 1024)], 'max.bin')));
    expect(allowed.status).toBe(200);
  });
});
