/** SHA-256 of a UTF-8 string as lowercase hex (Web Crypto: Node and browsers). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** HMAC-SHA256 of a UTF-8 string under `key`, as unpadded base64url (Web Crypto). */
export async function hmacSha256Base64Url(key: string, text: string): Promise<string> {
  const encoder = new TextEncoder();
  const secret = await globalThis.crypto.subtle.importKey(
    'raw',
    encoder.encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const signature = new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', secret, encoder.encode(text)));
  return btoa(String.fromCharCode(...signature))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
