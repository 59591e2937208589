/**
 * The `Authorization` header value for HTTP Basic auth: `Basic base64(email:apiKey)`, with
 * the credentials UTF-8 encoded first (plain `btoa` throws on non-Latin-1 emails).
 */
export function basicAuthHeader(email: string, apiKey: string): string {
  const bytes = new TextEncoder().encode(`${email}:${apiKey}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}
