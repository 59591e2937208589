import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, success } from '../../test/fake-fetch.js';
import { createClientFromEnv, createClientFromZuliprc } from './create-client-from-config.js';

let dir: string;
let rc: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'teamchat-sdk-rc-'));
  rc = join(dir, 'bot.zuliprc');
  writeFileSync(rc, '[api]\nemail=file@example.com\nkey=filekey\nsite=file.example.com\n');
  // Never fall back to the real ~/.zuliprc, whatever the machine has.
  vi.stubEnv('HOME', dir);
  for (const name of [
    'ZULIP_CONFIG',
    'ZULIP_SITE',
    'ZULIP_EMAIL',
    'ZULIP_API_KEY',
    'ZULIP_ALLOW_INSECURE',
    'ZULIP_CERT',
    'ZULIP_CERT_KEY',
    'ZULIP_CERT_BUNDLE',
  ]) {
    vi.stubEnv(name, '');
  }
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

async function authOf(
  client: { users: { list: () => Promise<unknown> } },
  requests: { headers: Headers }[],
): Promise<string> {
  await client.users.list();
  return atob((requests.at(-1)?.headers.get('authorization') ?? '').slice('Basic '.length));
}

describe('createClientFromZuliprc', () => {
  it('creates a client from the file, without any request', async () => {
    const fake = fakeFetch(() => success({ members: [] }));
    const client = createClientFromZuliprc(rc, { fetch: fake.fetch });
    expect(client.baseUrl).toBe('https://file.example.com/api/v1');
    expect(fake.requests).toHaveLength(0);
    expect(await authOf(client, fake.requests)).toBe('file@example.com:filekey');
  });

  it('lets overrides win and ignores the ZULIP_* credentials', async () => {
    vi.stubEnv('ZULIP_API_KEY', 'envkey');
    const fake = fakeFetch(() => success({ members: [] }));
    const client = createClientFromZuliprc(rc, { fetch: fake.fetch, email: 'code@example.com' });
    expect(await authOf(client, fake.requests)).toBe('code@example.com:filekey');
  });

  it('finds the file through ZULIP_CONFIG when no path is given', () => {
    vi.stubEnv('ZULIP_CONFIG', rc);
    expect(createClientFromZuliprc(undefined, { fetch: fakeFetch(() => success()).fetch }).baseUrl).toBe(
      'https://file.example.com/api/v1',
    );
  });

  it('warns that TLS options from the file cannot be applied by fetch', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    writeFileSync(rc, '[api]\nemail=e@x.com\nkey=k\nsite=x.com\ncert_bundle=/etc/ca.pem\n');
    createClientFromZuliprc(rc);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/cert_bundle cannot be applied by the built-in fetch/);
    warn.mockClear();
    createClientFromZuliprc(rc, { fetch: fakeFetch(() => success()).fetch });
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('createClientFromEnv', () => {
  it('prefers the ZULIP_* variables over the file named by ZULIP_CONFIG', async () => {
    vi.stubEnv('ZULIP_CONFIG', rc);
    vi.stubEnv('ZULIP_EMAIL', 'env@example.com');
    vi.stubEnv('ZULIP_SITE', 'localhost:9991');
    const fake = fakeFetch(() => success({ members: [] }));
    const client = createClientFromEnv({ fetch: fake.fetch });
    expect(client.baseUrl).toBe('http://localhost:9991/api/v1');
    expect(await authOf(client, fake.requests)).toBe('env@example.com:filekey');
  });

  it('lets overrides win over the environment', () => {
    vi.stubEnv('ZULIP_SITE', 'env.example.com');
    vi.stubEnv('ZULIP_EMAIL', 'env@example.com');
    vi.stubEnv('ZULIP_API_KEY', 'envkey');
    expect(createClientFromEnv({ site: 'code.example.com' }).baseUrl).toBe('https://code.example.com/api/v1');
  });

  it('fails with a clear message when nothing provides an API key', () => {
    vi.stubEnv('ZULIP_SITE', 'env.example.com');
    expect(() => createClientFromEnv()).toThrow(
      /^\[teamchat-sdk\] No API key or email: pass apiKey and email, set ZULIP_API_KEY and ZULIP_EMAIL/,
    );
  });
});
