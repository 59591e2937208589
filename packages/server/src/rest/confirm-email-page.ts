import { isApiError } from '@teamchat/schema';
import type { Core } from '../core/create-core.js';
import { confirmEmailChange } from '../core/users/email-change.js';

function page(title: string, text: string, status: number): Response {
  const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[c] as string};`);
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>${escape(title)}</title></head><body><h1>${escape(title)}</h1><p>${escape(text)}</p></body></html>`;
  return new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });
}

/**
 * GET /accounts/confirm_new_email/{key}/: the link of an email change. Following it makes
 * the new address the account's address.
 */
export async function confirmEmailPage(core: Core, key: string): Promise<Response> {
  try {
    const user = await core.services.store.write((db) => confirmEmailChange({ ...core.services, db }, key));
    return page('Email address changed', `The email address of ${user.full_name} is now ${user.email}.`, 200);
  } catch (error) {
    if (isApiError(error)) return page('Confirmation failed', error.msg, 400);
    throw error;
  }
}
