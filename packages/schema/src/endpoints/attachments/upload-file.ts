import { z } from 'zod';
import { FileParam } from '../../codec/wire-kind.js';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * POST /user_uploads: upload one file (`multipart/form-data`, any field name). The file is
 * then served at `url` to its owner and to whoever may read a message linking it.
 *
 * @example
 * const { url } = await client.uploads.upload({ file: new File(['hello'], 'notes.txt', { type: 'text/plain' }) });
 * await client.messages.send({ type: 'stream', to: 'general', topic: 'files', content: `[notes](${url})` });
 * @see https://zulip.com/api/upload-file
 */
export const uploadFile = defineEndpoint({
  name: 'uploads.upload',
  method: 'POST',
  path: '/user_uploads',
  access: 'user',
  summary: 'Upload a file.',
  docs: 'upload-file',
  params: z.object({
    /** The file; a `File` gives its name, a plain `Blob` is named `blob`. */
    file: FileParam,
  }),
  response: z.looseObject({
    /** `/user_uploads/<path_id>`, relative to the organization's URL (FL 272). */
    url: z.string(),
    /** The same as `url`: the name before FL 272. */
    uri: z.string(),
    /** The file's name as stored (FL 285). */
    filename: z.string(),
  }),
  errors: ['BAD_REQUEST', 'UNAUTHORIZED'],
});
