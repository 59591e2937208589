import sodium from 'libsodium-wrappers';
import { beforeAll, describe, expect, it } from 'vitest';
import { fromBase64, generateBoxKeyPair, openSealedBox, sealBox, toBase64 } from './sealed-box.js';

const text = new TextEncoder();

describe('sealed boxes', () => {
  beforeAll(async () => {
    await sodium.ready;
  });

  it('are opened by libsodium (what the real server, PyNaCl and the Flutter app use)', () => {
    const pair = sodium.crypto_box_keypair();
    const box = sealBox(text.encode('{"token":"c0ffee"}'), pair.publicKey);
    expect(new TextDecoder().decode(sodium.crypto_box_seal_open(box, pair.publicKey, pair.privateKey))).toBe(
      '{"token":"c0ffee"}',
    );
  });

  it('open what libsodium seals, and refuse an altered box or another key pair', () => {
    const pair = generateBoxKeyPair();
    const box = sodium.crypto_box_seal(text.encode('hello'), pair.publicKey);
    expect(new TextDecoder().decode(openSealedBox(box, pair) ?? new Uint8Array())).toBe('hello');
    const altered = box.slice();
    altered[40] = (altered[40] ?? 0) ^ 1;
    expect(openSealedBox(altered, pair)).toBeNull();
    expect(openSealedBox(box, generateBoxKeyPair())).toBeNull();
    expect(openSealedBox(box.subarray(0, 20), pair)).toBeNull();
  });

  it('round-trip base64 and reject what is not base64', () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 251, 252]);
    expect(fromBase64(toBase64(bytes))).toEqual(bytes);
    expect(fromBase64('not base64!')).toBeNull();
  });
});
