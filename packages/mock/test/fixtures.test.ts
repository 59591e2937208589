import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { createClient } from '@teamchat/client-sdk';
import {
  assembleServer,
  exportOrganization,
  FixtureError,
  Store,
  type Db,
  type OrganizationFixtureInput,
} from '@teamchat/server';
import { DEFAULT_START } from '../src/clock.js';
import { createMock, mockCoreOptions, mockOrganization } from '../src/create-mock.js';
import { startMockServer } from '../src/node.js';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = fileURLToPath(new URL('../src/bin.ts', import.meta.url));
/** The QA organization the server's fixture tests seed. */
const QA_FILE = fileURLToPath(new URL('../../server/test/fixtures/qa-organization.yaml', import.meta.url));
const qaFixture = () => parse(readFileSync(QA_FILE, 'utf8')) as OrganizationFixtureInput;

describe('the mock from an organization fixture', () => {
  it('starts from the same organization as a server seeded with the same fixture', async () => {
    const mock = await createMock({ fixture: qaFixture() });
    const store = new Store<Db>();
    const now = () => DEFAULT_START;
    await assembleServer({
      store,
      ...mockCoreOptions({ seed: 1, now, baseUrl: mock.baseUrl }),
      seed: { ...mockOrganization(1), fixture: qaFixture() },
    });
    expect(mock.exportFixture()).toEqual(exportOrganization(store));
    expect(mock.store.get('realm', 1)?.name).toBe('QA Corp');
  });

  it('gives every account, the first of each role, and clients by role or email', async () => {
    const mock = await createMock({ fixture: qaFixture() });
    expect(mock.accountList.map((a) => a.email)).toEqual([
      'olga@qa.example',
      'ada@qa.example',
      'quinn@qa.example',
      'tess@qa.example',
      'gus@qa.example',
      'ci-bot@qa.example',
      'hook-bot@qa.example',
    ]);
    expect(mock.accounts.member.email).toBe('quinn@qa.example');
    // A random password is the mock's password of the role.
    expect(mock.accounts.administrator.password).toBe('administrator-password');
    expect(mock.accounts.owner.password).toBe('owner-secret');
    const { setupServer } = await import('msw/node');
    const server = setupServer(...mock.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const tess = createClient(mock.clientOptions('tess@qa.example'));
      expect((await tess.users.me()).full_name).toBe('Tess Tester');
    } finally {
      server.close();
    }
    expect(() => mock.clientOptions('moderator')).toThrow(
      '[teamchat-mock] no active account with role moderator in the organization; see mock.accountList.',
    );
  });

  it('loads another fixture (reset returns to it), and refuses a bad one without changing anything', async () => {
    const mock = await createMock();
    expect(mock.store.get('realm', 1)?.name).toBe('Teamchat Demo');
    await expect(
      mock.load({
        teamchat_fixture: 1,
        organization: { name: 'X' },
        channels: [{ name: 'a', creator: 'who@x.example' }],
      }),
    ).rejects.toThrow(FixtureError);
    expect(mock.store.get('realm', 1)?.name).toBe('Teamchat Demo');
    await mock.load(qaFixture());
    mock.reset();
    expect(mock.store.get('realm', 1)?.name).toBe('QA Corp');
    expect(mock.accounts.owner.email).toBe('olga@qa.example');
  });
});

describe('the mock over HTTP with fixtures', () => {
  it('loads a fixture at POST /__mock/fixture and exports the state at GET /__mock/fixture', async () => {
    const served = await startMockServer();
    try {
      const loaded = await fetch(`${served.url}/__mock/fixture`, { method: 'POST', body: JSON.stringify(qaFixture()) });
      const body = (await loaded.json()) as { accounts: { email: string }[] };
      expect(loaded.status).toBe(200);
      expect(body.accounts[0]?.email).toBe('olga@qa.example');
      const exported = (await (await fetch(`${served.url}/__mock/fixture`)).json()) as OrganizationFixtureInput;
      expect(exported.organization.name).toBe('QA Corp');
      expect(exported).toEqual(served.mock.exportFixture());
      // What GET gives, POST takes back.
      expect(
        (await fetch(`${served.url}/__mock/fixture`, { method: 'POST', body: JSON.stringify(exported) })).status,
      ).toBe(200);
      expect(served.mock.exportFixture()).toEqual(exported);

      const bad = await fetch(`${served.url}/__mock/fixture`, {
        method: 'POST',
        body: JSON.stringify({ teamchat_fixture: 1, organization: {} }),
      });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { msg: string }).msg).toBe(
        '[teamchat-mock] invalid fixture: organization.name: Invalid input: expected string, received undefined',
      );
      expect(served.mock.store.get('realm', 1)?.name).toBe('QA Corp');
    } finally {
      await served.close();
    }
  });

  it('teamchat-mock --fixture answers an invalid fixture with one line', () => {
    const run = (file: string) =>
      spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', BIN, '--port', '0', '--fixture', file], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        timeout: 30_000,
      });
    const invalid = run(fileURLToPath(new URL('../package.json', import.meta.url)));
    expect(invalid.status).toBe(1);
    expect(invalid.stderr).toMatch(
      /^teamchat-mock: invalid fixture: teamchat_fixture: expected 1 \(the fixture format this server reads\); [^\n]*\n$/,
    );
  });
});
