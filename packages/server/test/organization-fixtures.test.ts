import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuilds, REPO_ROOT } from '../../../test-support/fresh-build.js';
import { startServer } from '../../../test-support/start-server.js';
import { assembleServer, exportOrganization, parseFixture, Store, type Db, type StoreDocument } from '../src/index.js';
import { call } from './helpers/rest-client.js';

const QA_FIXTURE = fileURLToPath(new URL('./fixtures/qa-organization.yaml', import.meta.url));
const SERVER_BIN = join(REPO_ROOT, 'packages/server/dist/bin.js');
const NOW = Date.UTC(2026, 0, 5, 9);

async function seeded(fixture: unknown, now = NOW) {
  const store = new Store<Db>();
  const server = await assembleServer({ store, now: () => now, seed: { fixture, passwordIterations: 1000 } });
  return { store, ...server };
}

/** `teamchat-server args…` run to completion. */
function runServer(args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  // The OpenAPI document is over a MiB, spawnSync's default output limit.
  const result = spawnSync(process.execPath, [SERVER_BIN, ...args], {
    encoding: 'utf8',
    env: { PATH: process.env['PATH'] ?? '' },
    timeout: 30_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The records of a document, without the collections that are empty (made by reads). */
const recordsOf = (document: StoreDocument) =>
  Object.fromEntries(Object.entries(document.collections).filter(([, records]) => records.length > 0));
const collectionsOf = (file: string) => recordsOf(JSON.parse(readFileSync(file, 'utf8')) as StoreDocument);

describe('organization fixtures, in process', () => {
  it('seed, export, seed the export: the same organization, record for record', async () => {
    const first = await seeded(parseFixture(parse(readFileSync(QA_FIXTURE, 'utf8'))));
    const exported = exportOrganization(first.store);
    // A year later: the export holds absolute times, so nothing moves.
    const second = await seeded(exported, NOW + 365 * 86_400_000);
    expect(exportOrganization(second.store)).toEqual(exported);
    expect(recordsOf(second.store.snapshot())).toEqual(recordsOf(first.store.snapshot()));
  });

  it('serves what the fixture says through the API', async () => {
    const { handler, accounts } = await seeded(parse(readFileSync(QA_FIXTURE, 'utf8')));
    const quinn = accounts?.find((account) => account.email === 'quinn@qa.example');
    expect(quinn).toMatchObject({
      role: 'member',
      apiKey: 'QuinnQuinnQuinnQuinnQuinnQuinn12',
      password: 'quinn-secret',
    });
    expect(accounts?.map((account) => account.role)).toEqual([
      'owner',
      'administrator',
      'member',
      'member',
      'guest',
      'bot',
      'bot',
    ]);
    const auth = { email: 'quinn@qa.example', apiKey: 'QuinnQuinnQuinnQuinnQuinnQuinn12' };

    const login = await call(handler, 'POST', '/fetch_api_key', {
      params: { username: 'quinn@qa.example', password: 'quinn-secret' },
    });
    expect(login.body).toMatchObject({ result: 'success', api_key: auth.apiKey, user_id: 3 });

    const users = (await call(handler, 'GET', '/users', { auth })).body['members'] as Record<string, unknown>[];
    expect(users.find((u) => u['email'] === 'ci-bot@qa.example')).toMatchObject({
      is_bot: true,
      bot_owner_id: 1,
      bot_type: 1,
    });
    expect(users.find((u) => u['user_id'] === 6)).toMatchObject({ is_active: false });

    const subscriptions = (await call(handler, 'GET', '/users/me/subscriptions', { auth })).body[
      'subscriptions'
    ] as Record<string, unknown>[];
    expect(subscriptions.find((s) => s['name'] === 'releases')).toMatchObject({
      color: '#c2c2c2',
      is_muted: true,
      pin_to_top: true,
      desktop_notifications: false,
      folder_id: 1,
    });

    const messages = (
      await call(handler, 'GET', '/messages', { auth, params: { anchor: 'oldest', num_before: '0', num_after: '100' } })
    ).body['messages'] as Record<string, unknown>[];
    const thanks = messages.find(
      (m) =>
        m['content'] ===
        '<p>Thanks <span aria-label="tada" class="emoji emoji-1f389" role="img" title="tada">:tada:</span></p>',
    );
    expect(thanks).toMatchObject({ flags: ['read', 'starred'], sender_id: 3 });
    expect((thanks?.['reactions'] as unknown[]).length).toBe(3);
    expect(messages.find((m) => m['subject'] === 'v2.0')).toMatchObject({
      last_edit_timestamp: Math.floor(NOW / 1000) - 80 * 60,
    });
    expect(
      messages.find(
        (m) => m['content'] === '<p>Welcome! See <a href="https://tracker.qa.example/QA-12">QA-12</a>.</p>',
      ),
    ).toBeDefined();
    expect(
      messages
        .filter((m) => m['type'] === 'private')
        .map((m) => (m['display_recipient'] as { id: number }[]).map((r) => r.id)),
    ).toEqual([[3, 4], [1, 3, 4], [3]]);

    const me = (await call(handler, 'GET', '/users/me', { auth })).body;
    expect(me).toMatchObject({ role: 400, timezone: 'Europe/Berlin' });
    const groups = (await call(handler, 'GET', '/user_groups', { auth })).body['user_groups'] as Record<
      string,
      unknown
    >[];
    expect(groups.find((g) => g['name'] === 'testers')).toMatchObject({ members: [3, 4], direct_subgroup_ids: [10] });
  });

  it('keeps the demo organization a fixture: seeding its export gives the same store', async () => {
    const demo = await seeded(undefined);
    expect(demo.store.get('realm', 1)?.name).toBe('Teamchat Demo');
    const again = await seeded(exportOrganization(demo.store));
    expect(recordsOf(again.store.snapshot())).toEqual(recordsOf(demo.store.snapshot()));
  });
});

describe('teamchat-server --seed, --export and --print-openapi', () => {
  let dir: string;
  beforeAll(() => {
    assertFreshBuilds();
    dir = mkdtempSync(join(tmpdir(), 'teamchat-fixtures-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('seeds a new data file, exports it while running, and the export seeds the same organization', async () => {
    const a = join(dir, 'a');
    const server = await startServer(a, { args: ['--seed', QA_FIXTURE] });
    let exported: string;
    try {
      const login = await fetch(`${server.url}/api/v1/fetch_api_key`, {
        method: 'POST',
        body: new URLSearchParams({ username: 'olga@qa.example', password: 'owner-secret' }),
      });
      expect(((await login.json()) as { result: string }).result).toBe('success');
      expect(readFileSync(join(a, 'zuliprc-member-2'), 'utf8')).toContain('email=tess@qa.example');
      // Exported while the server runs on the data file.
      exported = join(dir, 'qa-export.json');
      const result = runServer(['--data', join(a, 'data.json'), '--export', exported]);
      expect(result.stderr).toBe('');
      expect(result.stdout).toMatch(
        /^Exported "QA Corp" from .*data\.json to .*qa-export\.json: 8 users, 3 channels, 6 messages\n$/,
      );
    } finally {
      await server.stop();
    }
    const b = join(dir, 'b');
    const copy = await startServer(b, { args: ['--seed', exported] });
    await copy.stop();
    expect(collectionsOf(join(b, 'data.json'))).toEqual(collectionsOf(join(a, 'data.json')));
    const yaml = join(dir, 'again.yaml');
    expect(runServer(['--data', join(b, 'data.json'), '--export', yaml]).status).toBe(0);
    expect(parse(readFileSync(yaml, 'utf8'))).toEqual(JSON.parse(readFileSync(exported, 'utf8')));
  });

  it('prints the OpenAPI document, and serves it at /api/v1/openapi.json', async () => {
    const printed = runServer(['--print-openapi', '--port', '8080']);
    expect(printed.status).toBe(0);
    const document = JSON.parse(printed.stdout) as {
      openapi: string;
      servers: { url: string }[];
      paths: Record<string, unknown>;
    };
    expect(document).toMatchObject({ openapi: '3.1.0', servers: [{ url: 'http://127.0.0.1:8080/api/v1' }] });
    expect(document.paths['/messages']).toBeDefined();
    const server = await startServer(join(dir, 'openapi'), { args: ['--memory'], waitForZuliprc: false });
    try {
      const served = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as typeof document;
      expect(served.servers).toEqual([{ url: `${server.url}/api/v1` }]);
      expect(served.paths).toEqual(document.paths);
    } finally {
      await server.stop();
    }
  });

  it('answers operator mistakes with one line and exit code 1', () => {
    const invalid = join(dir, 'invalid.json');
    writeFileSync(
      invalid,
      JSON.stringify({
        teamchat_fixture: 1,
        organization: { name: 'X' },
        users: [{ email: 'a@x.example', full_name: 'A', role: 'king' }],
      }),
    );
    const broken = join(dir, 'broken.yaml');
    writeFileSync(broken, 'users: [\n');
    const fresh = join(dir, 'fresh', 'data.json');
    const cases: [string[], RegExp][] = [
      [
        ['--data', fresh, '--seed', join(dir, 'missing.yaml')],
        /^teamchat-server: cannot read the fixture .*missing\.yaml \(ENOENT/,
      ],
      [
        ['--data', fresh, '--seed', invalid],
        /^teamchat-server: invalid fixture: users\[0\]\.role: Invalid option: expected one of "owner"/,
      ],
      [['--data', fresh, '--seed', broken], /^teamchat-server: the fixture .*broken\.yaml is not valid YAML: /],
      [
        ['--data', join(dir, 'a', 'data.json'), '--seed', QA_FIXTURE],
        /^teamchat-server: --seed starts a new data file, but .*data\.json exists/,
      ],
      [
        ['--data', join(dir, 'none.json'), '--export', join(dir, 'x.json')],
        /^teamchat-server: no data file at .*none\.json/,
      ],
    ];
    for (const [args, message] of cases) {
      const result = runServer(args);
      expect(result.status, args.join(' ')).toBe(1);
      expect(result.stderr).toMatch(message);
      expect(result.stderr.trim().split('\n'), result.stderr).toHaveLength(1);
    }
    // Nothing was left behind by the failed seeds.
    expect(existsSync(fresh)).toBe(false);
  });
});
