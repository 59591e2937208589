import type { ScenarioContext } from '../../harness.js';

/** The emails of the target's outbox to `to`, oldest first. */
export function emailsTo(t: ScenarioContext, to: string) {
  return [...t.store.all('emails')].filter((email) => email.to.includes(to)).sort((a, b) => a.id - b.id);
}

/** The site path of the last link in the newest email to `to` (the realm URL is the shared base URL, not the target's). */
export function linkSentTo(t: ScenarioContext, to: string): string {
  const body = emailsTo(t, to).at(-1)?.body ?? '';
  const url = body.match(/https?:\/\/\S+/g)?.at(-1);
  if (!url) throw new Error(`no link in the emails to ${to}`);
  return new URL(url).pathname;
}

/** A sign-up page of the target: status and HTML. */
export async function getPage(t: ScenarioContext, path: string): Promise<{ status: number; html: string }> {
  const response = await fetch(new URL(path, t.site));
  return { status: response.status, html: await response.text() };
}

/**
 * Posts the sign-up form of `path` (the invitation's link) with `fields`, as a browser does
 * (not following the redirect to the app): status, page, where it leads, the session cookie.
 */
export async function submitSignUp(
  t: ScenarioContext,
  path: string,
  fields: Record<string, string>,
): Promise<{ status: number; html: string; location: string | null; session: string | null }> {
  const email = /^\/accounts\/do_confirm\/([^/]+)/.exec(path);
  const join = /^\/join\/([^/]+)/.exec(path);
  const form = { kind: email ? 'email' : 'multiuse', key: (email ?? join)?.[1] ?? '', ...fields };
  const response = await fetch(new URL('/accounts/register/', t.site), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });
  const session =
    response.headers
      .getSetCookie()
      .map((cookie) => /^sessionid=([^;]*)/.exec(cookie)?.[1])
      .find((value) => value !== undefined) ?? null;
  return { status: response.status, html: await response.text(), location: response.headers.get('location'), session };
}

/** The account of a web session (its `sessionid` cookie): `GET /json/users/me`'s email. */
export async function sessionEmail(t: ScenarioContext, session: string): Promise<string | null> {
  const response = await fetch(new URL('/json/users/me', t.site), { headers: { cookie: `sessionid=${session}` } });
  return response.ok ? ((await response.json()) as { email: string }).email : null;
}

/** The text of the page's alert, or its title. */
export function pageMessage(html: string): string {
  return (/role="alert">([^<]*)</.exec(html) ?? /<h1>([^<]*)</.exec(html))?.[1] ?? '';
}

/** The system group `name`'s ID. */
export function systemGroupId(t: ScenarioContext, name: string): number {
  const id = [...t.store.all('user_groups')].find((group) => group.name === name)?.id;
  if (id === undefined) throw new Error(`no group ${name}`);
  return id;
}
