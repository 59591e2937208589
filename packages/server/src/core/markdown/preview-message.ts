import type { OperationParams, UserContext } from '../runtime/context.js';
import { renderMessage } from './render-message.js';

/**
 * POST /messages/render: the HTML a message with `content` would get if the caller sent it
 * now (the same renderer as sending: mentions, channel links, linkifiers, emoji), without
 * storing anything.
 */
export function previewMessage(params: OperationParams<'messages.render'>, ctx: UserContext) {
  return { rendered: renderMessage(ctx, params.content, { sender: ctx.user }).html };
}
