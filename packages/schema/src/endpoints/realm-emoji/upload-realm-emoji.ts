import { z } from 'zod';
import { FileParam } from '../../codec/wire-kind.js';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * POST /realm/emoji/{emoji_name}: add a custom emoji from one image (`multipart/form-data`;
 * PNG, GIF, JPEG or WebP, at most 5 MiB).
 *
 * @example
 * await client.realmEmoji.upload({ emoji_name: 'party_parrot', file: new File([png], 'parrot.png', { type: 'image/png' }) });
 */
export const uploadRealmEmoji = defineEndpoint({
  name: 'realmEmoji.upload',
  method: 'POST',
  path: '/realm/emoji/{emoji_name}',
  access: 'user',
  summary: 'Upload a custom emoji.',
  docs: 'upload-custom-emoji',
  params: z.object({
    /** Lowercase letters, digits, `-` and `_`, not ending with `-` or `_`. */
    emoji_name: z.string(),
    file: FileParam,
  }),
  response: z.looseObject({}),
  errors: ['BAD_REQUEST'],
});
