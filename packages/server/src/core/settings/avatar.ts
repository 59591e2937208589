import { ApiError } from '@teamchat/schema';
import { activeUserIds, emit } from '../events/emit.js';
import { randomAlphanumeric } from '../internal/random.js';
import { writeWithStoredFile } from '../attachments/stored-file.js';
import { avatarChangePerson, avatarUrl } from '../model/avatar.js';
import type { UserRecord } from '../model/records/users.js';
import { isAdmin } from '../model/roles.js';
import { IMAGE_EXTENSIONS, uploadedImage } from '../model/uploaded-image.js';
import { emitBotUpdate } from '../bots/bot-events.js';
import type { Context, OperationParams, UserContext } from '../runtime/context.js';
import { SERVER_REALM_SETTINGS } from '../realm/server-values.js';

/** The largest avatar image, in MiB (the real server's `MAX_AVATAR_FILE_SIZE_MIB`, `max_avatar_file_size_mib`). */
const MAX_AVATAR_FILE_SIZE_MIB = 5;

/** The real server's refusal when the organization disabled avatar changes and the caller is no administrator. */
function checkAvatarChangesAllowed(ctx: Pick<Context, 'realm'>, user: UserRecord): void {
  const disabled =
    ctx.realm.extra_settings?.['avatar_changes_disabled'] ?? SERVER_REALM_SETTINGS.avatar_changes_disabled;
  if (disabled === true && !isAdmin(user))
    throw new ApiError('BAD_REQUEST', 'Avatar changes are disabled in this organization.');
}

/**
 * Records a new avatar source for `user` (the real `do_change_avatar_fields`): the version goes
 * up, and everyone gets `realm_user` `update` with the avatar fields (a bot's administrators
 * also `realm_bot` `update` with its `avatar_url`). Deletes the image it replaces once committed.
 */
function changeAvatar(
  ctx: Pick<Context<'files'>, 'db' | 'events' | 'config' | 'files' | 'log'>,
  userId: number,
  file: { path: string; content_type: string } | null,
): UserRecord {
  const before = ctx.db.get('users', userId);
  if (!before) throw new ApiError('BAD_REQUEST', 'No such user');
  const replaced = before.avatar_file;
  const after = ctx.db.patch('users', userId, {
    avatar_source: file ? 'U' : 'G',
    avatar_version: before.avatar_version + 1,
    avatar_file: file,
  });
  if (replaced) {
    ctx.db.onCommit(() => {
      // A file left behind by a failure here is swept at the next start.
      ctx.files
        .delete(replaced.path)
        .catch((error: unknown) =>
          ctx.log.error('could not delete a replaced avatar', { path: replaced.path, error: String(error) }),
        );
    });
  }
  const realmUrl = ctx.config.realmUrl;
  if (after.is_bot) emitBotUpdate(ctx, after, { avatar_url: avatarUrl(after, realmUrl) });
  emit(ctx, activeUserIds(ctx), { type: 'realm_user', op: 'update', person: avatarChangePerson(after, realmUrl) });
  return after;
}

/**
 * POST /users/me/avatar: the caller's new avatar, from exactly one image (PNG, GIF, JPEG or
 * WebP, at most 5 MiB), stored before the record points at it, as uploads are. The real
 * server also resizes it (100 px, and 500 px for the medium size); this one serves the image
 * as uploaded at both URLs. Answers the new `avatar_url`.
 */
export async function uploadAvatar(
  params: OperationParams<'settings.uploadAvatar'>,
  ctx: UserContext<'files' | 'store'>,
) {
  checkAvatarChangesAllowed(ctx, ctx.user);
  const file = params.file;
  const { type, extension } = uploadedImage(file, MAX_AVATAR_FILE_SIZE_MIB);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const path = `avatars/${ctx.realm.id}/${ctx.user.id}/${randomAlphanumeric(24, ctx.random)}.${extension}`;
  const user = await writeWithStoredFile(ctx, path, bytes, (db) =>
    changeAvatar({ ...ctx, db }, ctx.user.id, { path, content_type: type }),
  );
  return { avatar_url: avatarUrl(user, ctx.config.realmUrl) };
}

/** DELETE /users/me/avatar: back to the default (hashed) avatar; the uploaded image goes. Answers its `avatar_url`. */
export function deleteAvatar(_params: OperationParams<'settings.deleteAvatar'>, ctx: UserContext<'files'>) {
  checkAvatarChangesAllowed(ctx, ctx.user);
  const user = changeAvatar(ctx, ctx.user.id, null);
  return { avatar_url: avatarUrl(user, ctx.config.realmUrl) };
}

/**
 * GET `/user_avatars/<realm>/<user>.png` (and `<user>-medium.png`): the uploaded avatar of a
 * user, to anyone, as the real server serves them; not found for a user on the default avatar.
 */
export async function readAvatarImage(ctx: Pick<Context<'files'>, 'db' | 'files'>, userId: number, withBytes: boolean) {
  const file = ctx.db.get('users', userId)?.avatar_file;
  const bytes = file ? await ctx.files.get(file.path) : undefined;
  if (!file || !bytes) return { status: 'not-found' as const };
  return {
    status: 'file' as const,
    file_name: `avatar.${IMAGE_EXTENSIONS[file.content_type] ?? 'png'}`,
    content_type: file.content_type,
    size: bytes.length,
    inline: true,
    bytes: withBytes ? bytes : null,
  };
}
