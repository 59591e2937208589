import { createClient, csrfTokenFromCookie, type Client } from '@teamchat/client-sdk';
import { markReachable, markSent, markUnreachable } from '../state/connection.js';

/**
 * fetch, telling the connection banner about every answer and every request that got none
 * (a send or a presence ping notices a dead network before a long poll does).
 */
const watchedFetch: typeof fetch = async (input, init) => {
  try {
    const response = await fetch(input, init);
    markReachable();
    return response;
  } catch (error) {
    if (!init?.signal?.aborted) markUnreachable(error instanceof Error ? error.message : String(error));
    throw error;
  }
};

/**
 * The app's API client: the browser-session mode of the SDK (`/json/…` with the session
 * cookie and `X-CSRFToken`). The page never holds an API key; nothing goes to localStorage.
 */
export const client: Client = createClient({
  site: location.origin,
  session: true,
  fetch: watchedFetch,
  // The app shows failures itself (a banner); a short retry covers a blip.
  retry: { maxAttempts: 2 },
  hooks: { onIgnoredParameters: () => {}, beforeRequest: () => markSent() },
});

/** Anonymous calls to public endpoints (`/api/v1/server_settings`) before logging in. */
export const publicClient: Client = createClient({
  site: location.origin,
  retry: false,
  hooks: { onIgnoredParameters: () => {} },
});

/** An error envelope's `msg`, or the error's message. */
export function errorText(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { msg, message } = error as { msg?: unknown; message?: unknown };
    if (typeof msg === 'string' && msg !== '') return msg;
    if (typeof message === 'string') return message;
  }
  return String(error);
}

/** POSTs a form to one of the site's pages (`/accounts/login/`) with the CSRF token, and reads its JSON answer. */
export async function postForm(
  path: string,
  fields: Record<string, string>,
): Promise<{ ok: boolean; status: number; body: Record<string, unknown> }> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-csrftoken': csrfTokenFromCookie() ?? '',
      accept: 'application/json',
    },
    body: new URLSearchParams(fields).toString(),
  });
  let body: Record<string, unknown> = {};
  try {
    body = (await response.json()) as Record<string, unknown>;
  } catch {
    body = { msg: `${response.status} ${response.statusText}` };
  }
  return { ok: response.ok && body['result'] !== 'error', status: response.status, body };
}
