import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveConfig } from './resolve-config.js';

let home: string;

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'teamchat-sdk-home-'));
});

afterEach(() => {
  rmSync(home, { recursive: true, force: true });
});

function writeRc(path: string, fields: Record<string, string>): string {
  writeFileSync(
    path,
    `[api]\n${Object.entries(fields)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n')}\n`,
  );
  return path;
}

describe('resolveConfig', () => {
  it('reads ~/.zuliprc of the home directory when nothing else is set', () => {
    const path = writeRc(join(home, '.zuliprc'), {
      email: 'home@example.com',
      key: 'homekey',
      site: 'home.example.com',
    });
    expect(resolveConfig({ env: {}, homeDir: home })).toMatchObject({
      email: 'home@example.com',
      apiKey: 'homekey',
      site: 'home.example.com',
      configFile: path,
    });
  });

  it('reads the file named by ZULIP_CONFIG instead, with ~ expanded', () => {
    writeRc(join(home, '.zuliprc'), { email: 'home@example.com', key: 'homekey', site: 'home.example.com' });
    mkdirSync(join(home, 'bots'));
    const path = writeRc(join(home, 'bots', 'a.rc'), { email: 'a@example.com', key: 'akey', site: 'a.example.com' });
    expect(resolveConfig({ env: { ZULIP_CONFIG: '~/bots/a.rc' }, homeDir: home })).toMatchObject({
      email: 'a@example.com',
      configFile: path,
    });
  });

  it('prefers the configFile option over ZULIP_CONFIG', () => {
    const chosen = writeRc(join(home, 'chosen.rc'), { email: 'c@example.com', key: 'ckey', site: 'c.example.com' });
    const other = writeRc(join(home, 'other.rc'), { email: 'o@example.com', key: 'okey', site: 'o.example.com' });
    expect(resolveConfig({ env: { ZULIP_CONFIG: other }, configFile: chosen, homeDir: home }).email).toBe(
      'c@example.com',
    );
  });

  it('applies explicit options, then the environment, then the file', () => {
    writeRc(join(home, '.zuliprc'), { email: 'file@example.com', key: 'filekey', site: 'file.example.com' });
    const resolved = resolveConfig({
      options: { site: 'code.example.com' },
      env: { ZULIP_API_KEY: 'envkey' },
      homeDir: home,
    });
    expect(resolved).toMatchObject({ site: 'code.example.com', apiKey: 'envkey', email: 'file@example.com' });
  });

  it('needs no file when everything is given', () => {
    const resolved = resolveConfig({ env: { ZULIP_SITE: 's', ZULIP_EMAIL: 'e', ZULIP_API_KEY: 'k' }, homeDir: home });
    expect(resolved).toMatchObject({ site: 's', email: 'e', apiKey: 'k' });
    expect(resolved.configFile).toBeUndefined();
  });

  it('explains what is missing and that the named file does not exist', () => {
    const missing = join(home, 'missing.rc');
    expect(() => resolveConfig({ env: { ZULIP_CONFIG: missing }, homeDir: home })).toThrow(
      '[teamchat-sdk] No API key, email or site: pass apiKey, email and site, set ZULIP_API_KEY, ZULIP_EMAIL and ZULIP_SITE, ' +
        `or add key=, email= and site= to the [api] section of ${missing} (${missing} does not exist)`,
    );
  });

  it('reports a missing key in an existing file', () => {
    writeRc(join(home, '.zuliprc'), { email: 'file@example.com', site: 'file.example.com' });
    expect(() => resolveConfig({ env: {}, homeDir: home })).toThrow(
      /No API key: .*add key= to the \[api\] section of ~\/\.zuliprc$/,
    );
  });

  it('fails with ConfigError file-not-found for a required file that does not exist, even when nothing is missing', () => {
    const missing = join(home, 'missing.rc');
    const env = { ZULIP_SITE: 's', ZULIP_EMAIL: 'e', ZULIP_API_KEY: 'k' };
    expect(() => resolveConfig({ env, configFile: missing, requireConfigFile: true, homeDir: home })).toThrow(
      expect.objectContaining({ name: 'ConfigError', reason: 'file-not-found', configFile: missing }),
    );
    expect(resolveConfig({ env, configFile: missing, homeDir: home })).toMatchObject({ site: 's' });
  });

  it('reports a zuliprc that cannot be read or parsed as a ConfigError naming the file', () => {
    const directory = join(home, 'a-directory.rc');
    mkdirSync(directory);
    expect(() => resolveConfig({ env: {}, configFile: directory, homeDir: home })).toThrow(
      expect.objectContaining({
        reason: 'unreadable-file',
        message: expect.stringContaining(`Cannot read the zuliprc file ${directory}`),
      }),
    );
    const broken = join(home, 'broken.rc');
    writeFileSync(broken, 'email=e@example.com\n');
    expect(() => resolveConfig({ env: {}, configFile: broken, homeDir: home })).toThrow(
      expect.objectContaining({
        reason: 'invalid-file',
        configFile: broken,
        message: expect.stringContaining(`${broken} line 1`),
      }),
    );
  });
});
