import type { FetchHandler } from '../../src/rest/rest-handler.js';

/** Sends a request straight to a fetch handler, as a client would over HTTP. */
export async function call(
  handler: FetchHandler,
  method: string,
  path: string,
  options: {
    auth?: { email: string; apiKey: string };
    params?: Record<string, string>;
    headers?: Record<string, string>;
  } = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const url = new URL(`http://teamchat.test/api/v1${path}`);
  const headers: Record<string, string> = { ...options.headers };
  if (options.auth) headers['authorization'] = `Basic ${btoa(`${options.auth.email}:${options.auth.apiKey}`)}`;
  let body: string | undefined;
  if (method === 'GET') {
    for (const [k, v] of Object.entries(options.params ?? {})) url.searchParams.set(k, v);
  } else {
    body = new URLSearchParams(options.params ?? {}).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  const response = await handler(new Request(url, { method, headers, ...(body === undefined ? {} : { body }) }));
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    headers: response.headers,
  };
}
