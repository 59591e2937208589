import { describe, expect, it } from 'vitest';
import { isConfigError } from '../errors/config-error.js';
import { resolveClientConfig } from './resolve-client-config.js';

const file = { site: 'file.example.com', email: 'file@example.com', apiKey: 'filekey' };
const env = { ZULIP_SITE: 'env.example.com', ZULIP_EMAIL: 'env@example.com', ZULIP_API_KEY: 'envkey' };
const explicit = { site: 'code.example.com', email: 'code@example.com', apiKey: 'codekey' };

describe('resolveClientConfig', () => {
  it('prefers explicit options over the environment over the file', () => {
    expect(resolveClientConfig({ explicit, env, file })).toMatchObject({
      ...explicit,
      sources: { site: 'options', email: 'options', apiKey: 'options' },
    });
    expect(resolveClientConfig({ env, file })).toMatchObject({
      site: 'env.example.com',
      email: 'env@example.com',
      apiKey: 'envkey',
    });
    expect(resolveClientConfig({ file })).toMatchObject({
      ...file,
      sources: { site: 'file', email: 'file', apiKey: 'file' },
    });
  });

  it('resolves each value on its own', () => {
    const resolved = resolveClientConfig({
      explicit: { apiKey: 'codekey' },
      env: { ZULIP_EMAIL: 'env@example.com' },
      file,
    });
    expect(resolved).toMatchObject({
      site: 'file.example.com',
      email: 'env@example.com',
      apiKey: 'codekey',
      sources: { site: 'file', email: 'env', apiKey: 'options' },
    });
  });

  it('treats empty environment variables as unset', () => {
    expect(resolveClientConfig({ env: { ZULIP_API_KEY: '' }, file }).apiKey).toBe('filekey');
  });

  it('says every way to provide a missing API key', () => {
    expect(() => resolveClientConfig({ env: {}, file: { site: 's', email: 'e' } })).toThrow(
      '[teamchat-sdk] No API key: pass apiKey, set ZULIP_API_KEY, or add key= to the [api] section of ~/.zuliprc',
    );
  });

  it('names the missing email or site and a config file that does not exist', () => {
    expect(() => resolveClientConfig({ explicit: { apiKey: 'k', site: 's' } })).toThrow(
      '[teamchat-sdk] No email: pass email, set ZULIP_EMAIL, or add email= to the [api] section of ~/.zuliprc',
    );
    expect(() =>
      resolveClientConfig({ explicit: { apiKey: 'k', email: 'e' }, fileLabel: '/etc/bot.rc', fileExists: false }),
    ).toThrow(
      '[teamchat-sdk] No site: pass site, set ZULIP_SITE, or add site= to the [api] section of /etc/bot.rc (/etc/bot.rc does not exist)',
    );
  });

  it('lists every missing value at once in a ConfigError', () => {
    let error: unknown;
    try {
      resolveClientConfig({ explicit: { site: 's' }, fileLabel: '/etc/bot.rc', fileExists: false });
    } catch (caught) {
      error = caught;
    }
    expect(isConfigError(error)).toBe(true);
    expect(error).toMatchObject({
      reason: 'missing',
      missing: ['apiKey', 'email'],
      fileLabel: '/etc/bot.rc',
      fileExists: false,
    });
    expect((error as Error).message).toBe(
      '[teamchat-sdk] No API key or email: pass apiKey and email, set ZULIP_API_KEY and ZULIP_EMAIL, ' +
        'or add key= and email= to the [api] section of /etc/bot.rc (/etc/bot.rc does not exist)',
    );
  });

  it('resolves the TLS options with the same precedence and a strict ZULIP_ALLOW_INSECURE', () => {
    const resolved = resolveClientConfig({
      explicit: { clientCert: '/code/cert.pem' },
      env: { ...env, ZULIP_CERT_BUNDLE: '/env/ca.pem', ZULIP_ALLOW_INSECURE: 'false' },
      file: {
        ...file,
        insecure: true,
        certBundle: '/file/ca.pem',
        clientCert: '/file/cert.pem',
        clientCertKey: '/file/key.pem',
      },
    });
    expect(resolved).toMatchObject({
      insecure: false,
      certBundle: '/env/ca.pem',
      clientCert: '/code/cert.pem',
      clientCertKey: '/file/key.pem',
    });
    expect(() => resolveClientConfig({ env: { ...env, ZULIP_ALLOW_INSECURE: '1' } })).toThrow(
      expect.objectContaining({
        name: 'ConfigError',
        reason: 'invalid-value',
        message: "[teamchat-sdk] The ZULIP_ALLOW_INSECURE environment variable is '1'; it must be 'true' or 'false'",
      }),
    );
  });

  it('refuses a client certificate key without a certificate', () => {
    expect(() => resolveClientConfig({ env: { ...env, ZULIP_CERT_KEY: '/k.pem' } })).toThrow(
      /client_cert_key is set but client_cert is not/,
    );
  });
});
