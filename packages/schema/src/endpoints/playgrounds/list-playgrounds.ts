import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { CodePlayground } from '../../models/realm-config.js';

/**
 * GET /realm/playgrounds: the organization's code playgrounds, by ID. Our extension: the
 * real server has no such endpoint (clients read `realm_playgrounds` from POST /register);
 * the answer's key is `playgrounds`, after GET /realm/linkifiers' `linkifiers`, and each
 * playground carries both `highlighter_language` and the real server's `pygments_language`.
 *
 * @see https://zulip.com/api/add-code-playground
 */
export const listPlaygrounds = defineEndpoint({
  name: 'playgrounds.list',
  method: 'GET',
  path: '/realm/playgrounds',
  access: 'user',
  since: 49,
  summary: 'List the code playgrounds of the organization (teamchat extension).',
  docsNote: 'A teamchat addition: the real server sends playgrounds only in POST /register.',
  params: z.object({}),
  response: z.looseObject({ playgrounds: z.array(CodePlayground) }),
  errors: [],
});
