import { describe, expect, it } from 'vitest';
import { createRedactor, credentialSecrets, isSecretName, REDACTED, redactParams } from './create-redactor.js';

const KEY = 'SeCrEtKeY0123456789abcdefghijklm';

describe('createRedactor', () => {
  it('replaces the API key and its Basic-auth token wherever they appear', () => {
    const [apiKey, token] = credentialSecrets('bot@example.com', KEY);
    expect(token).toBe(btoa(`bot@example.com:${KEY}`));
    const redactor = createRedactor(credentialSecrets('bot@example.com', KEY));
    expect(redactor.text(`key ${apiKey} token ${token}`)).toBe(`key ${REDACTED} token ${REDACTED}`);
  });

  it('leaves text alone for secrets shorter than 8 characters, which would match unrelated output', () => {
    const redactor = createRedactor(['e', 'k']);
    expect(redactor.text('error: the key is not set')).toBe('error: the key is not set');
    expect(redactor.form(new URLSearchParams('key=k&name=e'))).toBe(`key=${encodeURIComponent(REDACTED)}&name=e`);
  });
});

describe('isSecretName', () => {
  it('knows the parameter, field and header names that hold secrets, in any case', () => {
    for (const name of ['api_key', 'key', 'password', 'old_password', 'new_password', 'token', 'Authorization']) {
      expect(isSecretName(name), name).toBe(true);
    }
    expect(isSecretName('full_name')).toBe(false);
  });
});

describe('redactParams', () => {
  it('replaces the values of secret parameters, also nested ones', () => {
    expect(
      redactParams({ old_password: 'a', new_password: 'b', full_name: 'Ann', nested: { token: 't' }, key: null }),
    ).toEqual({
      old_password: REDACTED,
      new_password: REDACTED,
      full_name: 'Ann',
      nested: { token: REDACTED },
      key: null,
    });
  });
});
