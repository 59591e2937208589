import { describe, expect, it } from 'vitest';
import { md5Hex } from './md5.js';

describe('md5Hex', () => {
  it('matches the RFC 1321 test vectors', () => {
    expect(md5Hex('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(md5Hex('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(md5Hex('12345678901234567890123456789012345678901234567890123456789012345678901234567890')).toBe(
      '57edf4a22be3c955ac49da2e2107b67a',
    );
  });

  it('hashes UTF-8 bytes', () => {
    expect(md5Hex('ümlaut')).toBe('6580044cd84290a2e56cf5a6605f5826');
  });
});
