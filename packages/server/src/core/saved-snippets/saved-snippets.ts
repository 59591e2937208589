import { ApiError } from '@teamchat/schema';
import type { StateBlock } from '../events/state-block.js';
import { emit } from '../events/emit.js';
import type { Context, OperationParams, UserContext } from '../runtime/context.js';
import type { SavedSnippetRecord } from '../model/records/personal.js';

/** A saved snippet as the API shows it (the real server's `SavedSnippet.to_api_dict`). */
function formatSnippet(snippet: SavedSnippetRecord) {
  return { id: snippet.id, title: snippet.title, content: snippet.content, date_created: snippet.date_created };
}

/** The user's saved snippets, oldest first. */
function snippetsOf(ctx: Pick<Context, 'db'>, userId: number) {
  return [...ctx.db.all('saved_snippets')]
    .filter((snippet) => snippet.user_id === userId)
    .sort((a, b) => a.id - b.id)
    .map(formatSnippet);
}

/** The `saved_snippets` block of POST /register (FL 297): the user's saved snippets. */
export const savedSnippetsState: StateBlock = {
  eventTypes: ['saved_snippets'],
  fetch: (ctx) => ({ saved_snippets: snippetsOf(ctx, ctx.user.id) }),
};

function ownSnippet(ctx: UserContext, id: number): SavedSnippetRecord {
  const snippet = ctx.db.get('saved_snippets', id);
  if (!snippet || snippet.user_id !== ctx.user.id)
    throw new ApiError('BAD_REQUEST', 'Saved snippet does not exist.', { status: 404 });
  return snippet;
}

/** GET /saved_snippets: the caller's saved snippets. */
export function listSavedSnippets(_params: OperationParams<'savedSnippets.list'>, ctx: UserContext) {
  return { saved_snippets: snippetsOf(ctx, ctx.user.id) };
}

/**
 * POST /saved_snippets: saves a snippet (title and content trimmed, neither blank); answers
 * its ID; event `saved_snippets` `add` to the caller.
 */
export function createSavedSnippet(params: OperationParams<'savedSnippets.create'>, ctx: UserContext) {
  const snippet = ctx.db.put('saved_snippets', {
    id: ctx.db.nextId('saved_snippets'),
    user_id: ctx.user.id,
    title: params.title,
    content: params.content,
    date_created: Math.floor(ctx.now() / 1000),
  });
  emit(ctx, [ctx.user.id], { type: 'saved_snippets', op: 'add', saved_snippet: formatSnippet(snippet) });
  return { saved_snippet_id: snippet.id };
}

/**
 * PATCH /saved_snippets/{saved_snippet_id}: changes the title, the content or both; with
 * neither, answers success and changes nothing (no event, as the real server, though it still
 * does not look the snippet up). Event `saved_snippets` `update` to the caller.
 */
export function updateSavedSnippet(params: OperationParams<'savedSnippets.update'>, ctx: UserContext) {
  if (params.title === undefined && params.content === undefined) return {};
  const snippet = ownSnippet(ctx, params.saved_snippet_id);
  const updated = ctx.db.put('saved_snippets', {
    ...snippet,
    title: params.title ?? snippet.title,
    content: params.content ?? snippet.content,
  });
  emit(ctx, [ctx.user.id], { type: 'saved_snippets', op: 'update', saved_snippet: formatSnippet(updated) });
  return {};
}

/** DELETE /saved_snippets/{saved_snippet_id}: deletes one of the caller's snippets; event `saved_snippets` `remove`. */
export function deleteSavedSnippet(params: OperationParams<'savedSnippets.remove'>, ctx: UserContext) {
  const snippet = ownSnippet(ctx, params.saved_snippet_id);
  ctx.db.delete('saved_snippets', snippet.id);
  emit(ctx, [ctx.user.id], { type: 'saved_snippets', op: 'remove', saved_snippet_id: snippet.id });
  return {};
}
