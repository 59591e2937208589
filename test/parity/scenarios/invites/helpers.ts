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

/** Posts the sign-up form of `path` (the invitation's link) with `fields`, as a browser does. */
export async function submitSignUp(t: ScenarioContext, path: string, fields: Record<string, string>): Promise<{ status: number; html: string }> {
  const email = /^\/accounts\/do_confirm\/([^/]+)/.exec(path);
  const join = /^\/join\/([^/]+)/.exec(path);
  const form = { kind: email ? 'email' : 'multiuse', key: (email ?? join)?.[1] ?? '', ...fields };
  const response = await fetch(new URL('/accounts/register/', t.site), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, html: await response.text() };
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
