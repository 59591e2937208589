import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { thrownCliError } from './thrown-cli-error.test-helper.js';
import { describe, expect, it } from 'vitest';
import { tempDir, writeZuliprc } from '../../test/helpers/run-in-process.js';
import { resolveCliConfig, type CliConfigInput } from './resolve-cli-config.js';

const dir = tempDir();
const home = join(dir, 'home');
const emptyHome = join(dir, 'empty-home');
mkdirSync(home);
mkdirSync(emptyHome);
const homeRc = writeZuliprc(home, '.zuliprc', { email: 'home@example.com', key: 'home-key', site: 'home.example.com' });
const otherRc = writeZuliprc(dir, 'other-zuliprc', {
  email: 'other@example.com',
  key: 'other-key',
  site: 'other.example.com',
});

function resolve(input: Partial<CliConfigInput>) {
  return resolveCliConfig({ flags: {}, env: {}, homeDir: home, ...input });
}

const thrown = thrownCliError;

describe('resolveCliConfig', () => {
  it('reads ~/.zuliprc by default', () => {
    expect(resolve({})).toMatchObject({
      site: 'home.example.com',
      email: 'home@example.com',
      apiKey: 'home-key',
      sources: { site: 'file', email: 'file', apiKey: 'file' },
      configFile: homeRc,
    });
  });

  it('reads the file named by ZULIP_CONFIG instead of ~/.zuliprc', () => {
    expect(resolve({ env: { ZULIP_CONFIG: otherRc } })).toMatchObject({
      email: 'other@example.com',
      configFile: otherRc,
    });
  });

  it('reads the file named by --config before ZULIP_CONFIG', () => {
    expect(resolve({ flags: { config: otherRc }, env: { ZULIP_CONFIG: homeRc } })).toMatchObject({
      email: 'other@example.com',
    });
  });

  it('expands ~ in the file name to the home directory', () => {
    expect(resolve({ homeDir: dir, env: { ZULIP_CONFIG: '~/other-zuliprc' } })).toMatchObject({ configFile: otherRc });
  });

  it('takes each value from the flags, then ZULIP_* variables, then the file (the Python order)', () => {
    const config = resolve({
      flags: { site: 'flag.example.com' },
      env: { ZULIP_SITE: 'env.example.com', ZULIP_EMAIL: 'env@example.com' },
    });
    expect(config).toMatchObject({
      site: 'flag.example.com',
      email: 'env@example.com',
      apiKey: 'home-key',
      sources: { site: 'options', email: 'env', apiKey: 'file' },
    });
  });

  it('ignores empty environment variables', () => {
    expect(resolve({ env: { ZULIP_EMAIL: '', ZULIP_CONFIG: '' } })).toMatchObject({ email: 'home@example.com' });
  });

  it('works from flags or variables alone, without any file', () => {
    const env = { ZULIP_SITE: 's.example.com', ZULIP_EMAIL: 'e@example.com', ZULIP_API_KEY: 'k' };
    expect(resolve({ homeDir: emptyHome, env })).toMatchObject({ site: 's.example.com', sources: { apiKey: 'env' } });
    expect(resolve({ homeDir: emptyHome, env }).configFile).toBeUndefined();
  });

  it('names the flag, variable and zuliprc key of every missing value (configuration, exit 3)', () => {
    const error = thrown(() => resolve({ homeDir: emptyHome, flags: { site: 'x.example.com' } }));
    expect(error.exitCode).toBe(3);
    expect(error.message).toBe('no API key or email configured');
    expect(error.hint).toBe(
      'pass --api-key KEY and --email EMAIL, set ZULIP_API_KEY and ZULIP_EMAIL, or add key= and email= to the [api] section of ' +
        '~/.zuliprc (it does not exist; --config FILE or ZULIP_CONFIG name another file)',
    );
  });

  it('names the file that lacks a value', () => {
    const partial = writeZuliprc(dir, 'partial-zuliprc', { email: 'p@example.com', key: 'k' });
    const error = thrown(() => resolve({ flags: { config: partial } }));
    expect(error.message).toBe('no site configured');
    expect(error.hint).toBe(`pass --site URL, set ZULIP_SITE, or add site= to the [api] section of ${partial}`);
  });

  it('fails when --config names a file that does not exist, even if other sources suffice', () => {
    const error = thrown(() =>
      resolve({ flags: { config: join(dir, 'missing'), site: 's', email: 'e', apiKey: 'k' } }),
    );
    expect(error.exitCode).toBe(3);
    expect(error.message).toBe(`the zuliprc file given with --config does not exist: ${join(dir, 'missing')}`);
  });

  it('reports a zuliprc that is not INI with the file and line', () => {
    const broken = join(dir, 'broken-zuliprc');
    writeFileSync(broken, 'email=e@example.com\n');
    const error = thrown(() => resolve({ flags: { config: broken } }));
    expect(error.exitCode).toBe(3);
    expect(error.message).toMatch(/^invalid zuliprc file: /);
    expect(error.message).toContain(`${broken} line 1`);
  });

  it('reports a bad TLS setting as a configuration error', () => {
    const env = { ZULIP_ALLOW_INSECURE: 'maybe', ZULIP_API_KEY: 'k', ZULIP_SITE: 's', ZULIP_EMAIL: 'e' };
    const error = thrown(() => resolve({ env }));
    expect(error.exitCode).toBe(3);
    expect(error.message).toContain('ZULIP_ALLOW_INSECURE');
  });
});
