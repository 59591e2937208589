import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { removeOrphanFiles } from '../src/core/attachments/remove-orphan-files.js';
import { MIB } from '../src/core/attachments/upload-limit.js';
import type { ServerConfig } from '../src/core/config/server-config.js';
import { createCore } from '../src/core/create-core.js';
import type { Db } from '../src/core/model/db.js';
import { seedDemoOrganization } from '../src/core/seed/demo-organization.js';
import { createDiskFileStore, uploadsDirOf } from '../src/node/disk-file-store.js';
import { listen, type RunningServer } from '../src/node/node-server.js';
import { createRestHandler, type FetchHandler } from '../src/rest/rest-handler.js';
import { openDiskStore } from '../src/store/disk/index.js';
import { Store as MemoryStore, type Store } from '../src/store/store.js';

/** Directories the disk stores sync (the real function still runs). */
const syncs: string[] = [];
vi.mock('../src/store/disk/durable-io.js', async (original) => {
  const actual = await original<typeof import('../src/store/disk/durable-io.js')>();
  return {
    ...actual,
    syncDirectory: async (dir: string) => {
      syncs.push(dir);
      await actual.syncDirectory(dir);
    },
  };
});

const SITE = 'http://127.0.0.1:9991';
const quiet = { info: () => {}, warn: () => {} };

let dir: string;
let dataFile: string;
let store: Store<Db> | null = null;

/** Opens the server on the data file (a start or a restart): store, files, orphan sweep, REST handler. */
async function start(): Promise<{ handler: FetchHandler; auth: string; orphans: string[] }> {
  const opened = await openDiskStore<Db>(dataFile, { log: quiet });
  store = opened.store;
  const core = createCore({
    store: opened.store,
    files: createDiskFileStore(uploadsDirOf(dataFile)),
    config: { realmUrl: SITE },
  });
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
    const uploaded = await first.handler(
      uploadRequest(first.auth, new File(['kept across restarts'], 'kept.txt', { type: 'text/plain' })),
    );
    expect(uploaded.status).toBe(200);
    const { url } = (await uploaded.json()) as { url: string };
    const file = join(uploadsDirOf(dataFile), ...url.slice('/user_uploads/'.length).split('/'));
    expect(readFileSync(file, 'utf8')).toBe('kept across restarts');
    await stop();
    expect(readFileSync(dataFile, 'utf8') + readFileSync(`${dataFile}.journal`, 'utf8')).not.toContain(
      'kept across restarts',
    );

    const second = await start();
    expect(second.orphans).toEqual([]);
    const download = await second.handler(new Request(`${SITE}${url}`, { headers: { authorization: second.auth } }));
    expect([download.status, await download.text()]).toEqual([200, 'kept across restarts']);
    const listed = (await (
      await second.handler(new Request(`${SITE}/api/v1/attachments`, { headers: { authorization: second.auth } }))
    ).json()) as {
      attachments: { id: number }[];
    };
    const id = listed.attachments[0]?.id;
    const deleted = await second.handler(
      new Request(`${SITE}/api/v1/attachments/${id}`, { method: 'DELETE', headers: { authorization: second.auth } }),
    );
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
    expect(second.orphans.sort()).toEqual([
      '1/ff/crashedcrashedcrashedcra/lost.txt',
      '1/ff/crashedcrashedcrashedcra/lost.txt.tmp-0123456789ab',
    ]);
    expect(existsSync(dirname(leftover))).toBe(false);
    const download = await second.handler(new Request(`${SITE}${url}`, { headers: { authorization: second.auth } }));
    expect(await download.text()).toBe('real');
  });

  it('answers HEAD from the record without reading the file, and a missing file with the one 404 page', async () => {
    const { handler, auth } = await start();
    const uploaded = await handler(uploadRequest(auth, new File(['twelve bytes'], 'head.txt')));
    const { url } = (await uploaded.json()) as { url: string };
    // The file disappears behind the server's back: HEAD still answers from the record.
    rmSync(join(uploadsDirOf(dataFile), ...url.slice('/user_uploads/'.length).split('/')));
    const head = await handler(new Request(`${SITE}${url}`, { method: 'HEAD', headers: { authorization: auth } }));
    expect([head.status, head.headers.get('content-length'), head.body]).toEqual([200, '12', null]);
    const get = await handler(new Request(`${SITE}${url}`, { headers: { authorization: auth } }));
    const badEncoding = await handler(
      new Request(`${SITE}/user_uploads/1/ab/%E0%A4%A`, { headers: { authorization: auth } }),
    );
    expect([get.status, await get.text(), badEncoding.status, await badEncoding.text()]).toEqual([
      404,
      '<p>File not found.</p>',
      404,
      '<p>File not found.</p>',
    ]);
  });

  it('keeps a file whose name matches its record once normalized (NFC), and prunes empty directories', async () => {
    const first = await start();
    const uploaded = await first.handler(uploadRequest(first.auth, new File(['ü'], 'Grüße.txt')));
    const { url } = (await uploaded.json()) as { url: string };
    await stop();
    // Some file systems give names back decomposed (NFD): the sweep must not take that file for an orphan.
    const nfc = join(uploadsDirOf(dataFile), ...url.slice('/user_uploads/'.length).split('/'));
    const nfd = join(dirname(nfc), basename(nfc).normalize('NFD'));
    expect(nfd).not.toBe(nfc);
    renameSync(nfc, nfd);
    const empty = join(uploadsDirOf(dataFile), '1', '00', 'emptyemptyemptyemptyempt');
    mkdirSync(empty, { recursive: true });
    const second = await start();
    expect(second.orphans).toEqual([]);
    expect(existsSync(nfd)).toBe(true);
    expect(existsSync(join(uploadsDirOf(dataFile), '1', '00'))).toBe(false);
  });

  it('removes the directories it created when a write fails, and syncs every new directory', async () => {
    const root = uploadsDirOf(dataFile);
    const files = createDiskFileStore(root);
    syncs.length = 0;
    await files.put('1/ab/first/a.txt', new TextEncoder().encode('a'));
    // Every directory entry made for the file is synced: the root's parent, then down to the leaf.
    expect(syncs).toEqual([dir, dir, root, join(root, '1'), join(root, '1', 'ab'), join(root, '1', 'ab', 'first')]);
    syncs.length = 0;
    await files.put('1/ab/second/b.txt', new TextEncoder().encode('b'));
    expect(syncs).toEqual([join(root, '1', 'ab'), join(root, '1', 'ab', 'second')]);
    // Bytes that cannot be read fail the write after its directories and temporary file exist.
    const broken = new Proxy(new Uint8Array(1), {
      get: (target, key) =>
        key === 'buffer'
          ? (() => {
              throw new Error('unreadable');
            })()
          : Reflect.get(target, key),
    });
    await expect(files.put('1/cd/third/c.txt', broken)).rejects.toThrow('unreadable');
    expect(readdirSync(join(root, '1')).sort()).toEqual(['ab']);
    expect((await files.list()).sort()).toEqual(['1/ab/first/a.txt', '1/ab/second/b.txt']);
  });

  it('keeps the file when the commit could not be made durable (the journal may still hold it)', async () => {
    const memory = new MemoryStore<Db>();
    const root = uploadsDirOf(dataFile);
    const core = createCore({
      store: memory,
      files: createDiskFileStore(root),
      config: { realmUrl: SITE },
      log: { ...quiet, error: () => {} },
    });
    const accounts = await seedDemoOrganization(core.services, { passwordIterations: 1000 });
    const member = accounts.find((a) => a.role === 'member');
    memory.attach({ append: () => Promise.reject(new Error('disk full')), close: () => Promise.resolve() });
    const handler = createRestHandler(core);
    const failed = await handler(
      uploadRequest(`Basic ${btoa(`${member?.email}:${member?.apiKey}`)}`, new File(['maybe'], 'maybe.txt')),
    );
    // The store refuses writes until the journal can be written again: a 503 envelope, not an unexplained 500.
    expect(failed.status).toBe(503);
    expect(await failed.json()).toMatchObject({
      result: 'error',
      msg: expect.stringContaining('cannot save changes right now'),
    });
    expect(await core.services.files.list()).toHaveLength(1);
  });
});

describe('request bodies through the node adapter (a real socket)', () => {
  let running: RunningServer | null = null;
  afterEach(async () => {
    await running?.close();
    running = null;
  });

  async function serve(config: Partial<ServerConfig>): Promise<{ url: string; auth: string }> {
    const memory = new MemoryStore<Db>();
    const core = createCore({ store: memory, files: createDiskFileStore(uploadsDirOf(dataFile)), config });
    const accounts = await seedDemoOrganization(core.services, { passwordIterations: 1000 });
    const member = accounts.find((a) => a.role === 'member');
    running = await listen({ handler: createRestHandler(core) });
    return { url: running.url, auth: `Basic ${btoa(`${member?.email}:${member?.apiKey}`)}` };
  }

  const post = (url: string, auth: string, file: File) => {
    const body = new FormData();
    body.append('file', file);
    return fetch(`${url}/api/v1/user_uploads`, { method: 'POST', headers: { authorization: auth }, body });
  };

  it('accepts a file of exactly the configured limit and refuses one byte more with the size error', async () => {
    const { url, auth } = await serve({ maxFileUploadSizeMib: 1 });
    const fits = await post(url, auth, new File([new Uint8Array(MIB)], 'fits.bin'));
    expect([fits.status, ((await fits.json()) as { filename: string }).filename]).toEqual([200, 'fits.bin']);
    const over = await post(url, auth, new File([new Uint8Array(MIB + 1)], 'over.bin'));
    expect([over.status, await over.json()]).toEqual([
      400,
      { result: 'error', msg: 'Uploaded file is larger than the allowed limit of 1 MiB', code: 'BAD_REQUEST' },
    ]);
  });

  it('gives uploads the upload limit and every other endpoint the ordinary one', async () => {
    // The default limit (25 MiB) exactly: the multipart framing around it must get through too.
    const { url, auth } = await serve({});
    const upload = await post(url, auth, new File([new Uint8Array(25 * MIB)], 'max.bin'));
    expect(upload.status).toBe(200);
    const bigLogin = await fetch(`${url}/api/v1/fetch_api_key`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `username=x&password=${'p'.repeat(6 * MIB)}`,
    });
    expect(bigLogin.status).toBe(413);
  });

  it('answers a body over the limit and closes the connection instead of reading the rest', async () => {
    const { url, auth } = await serve({ maxFileUploadSizeMib: 1 });
    const { port } = new URL(url);
    const answer = await new Promise<{ status: number; body: string; closed: boolean }>((resolve, reject) => {
      // Announces 50 MiB but sends only 64 KiB: draining would wait for bytes that never come.
      const req = request({
        port,
        method: 'POST',
        path: '/api/v1/user_uploads',
        headers: {
          authorization: auth,
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(50 * MIB),
        },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.socket.on('close', () => resolve({ status: res.statusCode ?? 0, body, closed: true }));
      });
      req.on('error', reject);
      req.write(new Uint8Array(64 * 1024));
    });
    expect(answer).toEqual({
      status: 413,
      body: JSON.stringify({
        result: 'error',
        msg: `Request body too large (limit: ${2 * MIB} bytes)`,
        code: 'BAD_REQUEST',
      }),
      closed: true,
    });
  });
});
