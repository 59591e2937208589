import { z } from 'zod';
import { exactlyOneFile } from '../../codec/wire-kind.js';
import { defineEndpoint } from '../../define-endpoint.js';

const AVATAR_NOTE = 'The real server has it (its web app uses it), but not in its API documentation.';

/** The caller's avatar URL after the change. */
const AvatarAnswer = z.looseObject({ avatar_url: z.string() });

/**
 * POST /users/me/avatar: upload a new avatar for the caller (`multipart/form-data`, exactly one
 * image, at most `max_avatar_file_size_mib` MiB). Refused for everyone but administrators when
 * the organization disabled avatar changes. Answers the new `avatar_url`; event `realm_user`
 * `update` with the avatar fields.
 *
 * @example
 * const { avatar_url } = await client.settings.uploadAvatar({ file: new File([png], 'me.png', { type: 'image/png' }) });
 */
export const uploadAvatar = defineEndpoint({
  name: 'settings.uploadAvatar',
  method: 'POST',
  path: '/users/me/avatar',
  access: 'user',
  summary: "Upload the caller's avatar.",
  docsNote: AVATAR_NOTE,
  params: z.object({ file: exactlyOneFile('You must upload exactly one avatar.') }),
  response: AvatarAnswer,
  errors: ['BAD_REQUEST'],
});

/**
 * DELETE /users/me/avatar: go back to the default avatar (the hashed one). Refused for everyone
 * but administrators when the organization disabled avatar changes. Answers the default
 * `avatar_url`; event `realm_user` `update` with the avatar fields.
 */
export const deleteAvatar = defineEndpoint({
  name: 'settings.deleteAvatar',
  method: 'DELETE',
  path: '/users/me/avatar',
  access: 'user',
  summary: "Go back to the caller's default avatar.",
  docsNote: AVATAR_NOTE,
  params: z.object({}),
  response: AvatarAnswer,
  errors: ['BAD_REQUEST'],
});
