import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * DELETE /streams/{stream_id}: archive a channel; it keeps its name and `is_archived` becomes
 * true. Realm administrators and the channel's administrators.
 *
 * @see https://zulip.com/api/archive-stream
 */
export const archiveChannel = defineEndpoint({
  name: 'channels.archive',
  method: 'DELETE',
  path: '/streams/{stream_id}',
  access: 'user',
  summary: 'Archive a channel.',
  docs: 'archive-stream',
  params: z.object({ stream_id: z.number().int() }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST', 'CANNOT_ADMINISTER_CHANNEL'],
});
