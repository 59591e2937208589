import { ApiError } from '@teamchat/schema';
import { checkPlayground } from './check-playground.js';
import { notifyPlaygrounds, playgroundList } from './playground-list.js';
import type { OperationParams, UserContext } from '../runtime/context.js';

/**
 * GET /realm/playgrounds (our extension): the playgrounds, by ID, for every user.
 *
 * @see https://zulip.com/api/add-code-playground
 */
export function listPlaygrounds(_params: OperationParams<'playgrounds.list'>, ctx: UserContext) {
  return { playgrounds: playgroundList(ctx) };
}

/**
 * POST /realm/playgrounds: adds a playground and answers its ID. Administrators only.
 *
 * @see https://zulip.com/api/add-code-playground
 */
export function addPlayground(params: OperationParams<'playgrounds.add'>, ctx: UserContext) {
  const { name, language, urlTemplate } = checkPlayground(ctx, {
    name: params.name,
    language: params.highlighter_language,
    urlTemplate: params.url_template,
  });
  const id = ctx.db.nextId('playgrounds');
  ctx.db.put('playgrounds', { id, name, pygments_language: language, url_template: urlTemplate });
  notifyPlaygrounds(ctx);
  return { id };
}

/**
 * DELETE /realm/playgrounds/{playground_id}: deletes a playground (`Invalid playground` when
 * there is none). Administrators only.
 *
 * @see https://zulip.com/api/remove-code-playground
 */
export function removePlayground(params: OperationParams<'playgrounds.remove'>, ctx: UserContext) {
  if (!ctx.db.get('playgrounds', params.playground_id)) throw new ApiError('BAD_REQUEST', 'Invalid playground');
  ctx.db.delete('playgrounds', params.playground_id);
  notifyPlaygrounds(ctx);
  return {};
}
