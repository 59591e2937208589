import { isApiError } from '@teamchat/schema';
import { htmlPage } from './pages.js';
import type { RestReply } from './rest-request.js';

/** Which invitation a sign-up link names: an email invitation's or a reusable link's. */
interface SignUpLink {
  kind: 'email' | 'multiuse';
  key: string;
}

/** What the form shows (the core's `pages.signUpForm` answer). */
interface SignUpForm {
  organization: string;
  /** The invited address, or null: the person gives theirs (reusable links). */
  email: string | null;
  invited_as: number;
}

const ROLE_NAMES: Record<number, string> = {
  100: 'an organization owner',
  200: 'an organization administrator',
  300: 'a moderator',
  400: 'a member',
  600: 'a guest',
};
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);

function page(status: number, title: string, body: string): RestReply {
  return htmlPage(
    status,
    `<!doctype html><html><head><meta charset="utf-8"><title>${escape(title)}</title></head><body><h1>${escape(title)}</h1>${body}</body></html>`,
  );
}

/** The sign-up form: hidden invitation fields, the address (reusable links), full name, password. */
function formHtml(link: SignUpLink, form: SignUpForm): string {
  const field = (name: string, label: string, type: string) =>
    `<p><label for="${name}">${label}</label> <input id="${name}" name="${name}" type="${type}" required></p>`;
  return [
    `<p>You are joining ${escape(form.organization)} as ${ROLE_NAMES[form.invited_as] ?? 'a member'}.</p>`,
    '<form method="post" action="/accounts/register/">',
    `<input type="hidden" name="kind" value="${link.kind}"><input type="hidden" name="key" value="${escape(link.key)}">`,
    form.email === null ? field('email', 'Email', 'email') : `<p>Email: ${escape(form.email)}</p>`,
    field('full_name', 'Full name', 'text'),
    field('password', 'Password', 'password'),
    '<p><button type="submit">Sign up</button></p>',
    '</form>',
  ].join('');
}

/** GET of an invitation link: the sign-up form, or the page of the link's error (400). */
export async function signUpFormResponse(link: SignUpLink, read: () => Promise<SignUpForm>): Promise<RestReply> {
  try {
    const form = await read();
    return page(200, `Sign up for ${form.organization}`, formHtml(link, form));
  } catch (error) {
    if (isApiError(error))
      return page(400, 'Invitation link not valid', `<p class="error" role="alert">${escape(error.msg)}</p>`);
    throw error;
  }
}

/** The decoded fields the core's `pages.register` takes. */
interface Registration {
  kind: 'email' | 'multiuse';
  key: string;
  email?: string | undefined;
  full_name: string;
  password: string;
}

/** The sign-up form's fields as the core's `pages.register` takes them. */
export function registrationOf(fields: Map<string, string>): Registration {
  const email = fields.get('email');
  return {
    kind: fields.get('kind') === 'multiuse' ? 'multiuse' : 'email',
    key: fields.get('key') ?? '',
    ...(email === undefined ? {} : { email }),
    full_name: fields.get('full_name') ?? '',
    password: fields.get('password') ?? '',
  };
}

/** A new account's answer from the core: who it is, and its web session. */
interface Registered {
  user_id: number;
  email: string;
  full_name: string;
  session_key: string;
  session_expires: number;
}

/**
 * POST of the sign-up form: the new account is logged in (`cookies` of its session) and led to
 * the app at `/` (302); or the form again with the error (400; the link's own error when it no
 * longer works).
 */
export async function registerResponse(
  params: Registration,
  create: () => Promise<Registered>,
  cookies: (user: Registered) => string[],
): Promise<RestReply> {
  try {
    const user = await create();
    return { status: 302, headers: { location: '/', 'cache-control': 'no-store' }, body: null, cookies: cookies(user) };
  } catch (error) {
    if (!isApiError(error)) throw error;
    const back = params.kind === 'email' ? `/accounts/do_confirm/${params.key}` : `/join/${params.key}/`;
    return page(
      400,
      'Sign up failed',
      `<p class="error" role="alert">${escape(error.msg)}</p><p><a href="${escape(back)}">Back to the form</a></p>`,
    );
  }
}
