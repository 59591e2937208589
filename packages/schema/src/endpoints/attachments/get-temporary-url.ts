import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * GET /user_uploads/{realm_id_str}/{filename}: a URL that serves the uploaded file without
 * authentication, valid for 60 seconds (`/user_uploads/temporary/<token>/<file name>`).
 * `filename` spans the rest of the path (`4e/m2A3MSqFnWRLUf9SaPzQ0Up_/zulip.txt`).
 */
export const getTemporaryUploadUrl = defineEndpoint({
  name: 'uploads.getTemporaryUrl',
  method: 'GET',
  path: '/user_uploads/{realm_id_str}/{filename}',
  restOfPath: 'filename',
  access: 'user',
  since: 1,
  summary: 'Get a temporary URL of an uploaded file.',
  docs: 'get-file-temporary-url',
  params: z.object({ realm_id_str: z.number().int(), filename: z.string() }),
  response: z.looseObject({ url: z.string() }),
  errors: ['BAD_REQUEST'],
  errorStatuses: { BAD_REQUEST: [403, 404] },
});
