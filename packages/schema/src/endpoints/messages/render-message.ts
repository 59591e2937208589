import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/** POST /messages/render: render Markdown to HTML as a message would be, without sending it. */
export const renderMessage = defineEndpoint({
  name: 'messages.render',
  method: 'POST',
  path: '/messages/render',
  access: 'user',
  summary: 'Render message Markdown to HTML.',
  docs: 'render-message',
  params: z.object({ content: z.string() }),
  response: z.looseObject({ rendered: z.string() }),
  errors: ['BAD_REQUEST'],
});
