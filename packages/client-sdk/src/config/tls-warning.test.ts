import { describe, expect, it } from 'vitest';
import { tlsWarning } from './tls-warning.js';

describe('tlsWarning', () => {
  it('is undefined when no TLS setting is set (or insecure is false)', () => {
    expect(tlsWarning({})).toBeUndefined();
    expect(tlsWarning({ insecure: false })).toBeUndefined();
  });

  it('names each TLS setting the built-in fetch cannot apply', () => {
    expect(tlsWarning({ certBundle: '/ca.pem' })).toBe(
      'cert_bundle cannot be applied by the built-in fetch and is ignored (NODE_EXTRA_CA_CERTS=FILE adds a CA bundle)',
    );
    expect(tlsWarning({ insecure: true, certBundle: '/ca.pem', clientCert: '/c.pem' })).toMatch(
      /^insecure=true, cert_bundle, client_cert cannot be applied .* are ignored/,
    );
  });
});
