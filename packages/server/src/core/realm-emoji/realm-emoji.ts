import { ApiError } from '@teamchat/schema';
import { activeUserIds, emit } from '../events/emit.js';
import { emojiByName } from '../markdown/emoji-data.js';
import type { Context, OperationParams, UserContext } from '../runtime/context.js';
import { hasPermission } from '../model/has-permission.js';
import { isAdmin } from '../model/roles.js';
import { uploadedImage } from '../model/uploaded-image.js';
import { randomAlphanumeric } from '../internal/random.js';
import { writeWithStoredFile } from '../attachments/stored-file.js';
import { realmEmojiById } from '../realm/realm-emoji-state.js';

/** The largest custom emoji image, in MiB (the real server's `MAX_EMOJI_FILE_SIZE_MIB`). */
const MAX_EMOJI_FILE_SIZE_MIB = 5;
const NAME = /^[0-9a-z_-]+(?<![_-])$/;

function announce(ctx: Pick<Context, 'db' | 'events'>): void {
  emit(ctx, activeUserIds(ctx), { type: 'realm_emoji', op: 'update', realm_emoji: realmEmojiById(ctx) });
}

/** The active custom emoji called `name`, if any. */
function activeEmoji(ctx: Pick<Context, 'db'>, name: string) {
  for (const emoji of ctx.db.all('realm_emoji')) if (emoji.name === name && !emoji.deactivated) return emoji;
  return undefined;
}

/** GET /realm/emoji: every custom emoji of the organization, deactivated ones included. */
export function listRealmEmoji(_params: OperationParams<'realmEmoji.list'>, ctx: UserContext) {
  return { emoji: realmEmojiById(ctx) };
}

/**
 * POST /realm/emoji/{emoji_name}: adds a custom emoji from one image (PNG, GIF, JPEG or WebP,
 * at most 5 MiB) for members of `can_add_custom_emoji_group`. Overriding a Unicode emoji's name
 * needs an administrator. The image is stored before the record, like uploads. Event
 * `realm_emoji` `update` with every emoji, to everyone.
 */
export async function uploadRealmEmoji(
  params: OperationParams<'realmEmoji.upload'>,
  ctx: UserContext<'files' | 'store'>,
) {
  const name = params.emoji_name;
  if (name === '') throw new ApiError('BAD_REQUEST', 'Emoji name is missing');
  if (!NAME.test(name)) {
    throw new ApiError(
      'BAD_REQUEST',
      'Emoji names must contain only lowercase alphanumeric characters, hyphen, and underscore, and must not end with hyphen or underscore.',
    );
  }
  if (!hasPermission(ctx, ctx.user, { realm: ctx.realm }, 'can_add_custom_emoji_group'))
    throw new ApiError('BAD_REQUEST', 'Insufficient permission');
  if (activeEmoji(ctx, name)) throw new ApiError('BAD_REQUEST', 'A custom emoji with this name already exists.');
  if ((emojiByName(name) || name === 'zulip') && !isAdmin(ctx.user))
    throw new ApiError('BAD_REQUEST', 'Only administrators can override default emoji.');
  const file = params.file;
  const { type, extension } = uploadedImage(file, MAX_EMOJI_FILE_SIZE_MIB);
  const bytes = new Uint8Array(await file.arrayBuffer());
  // The bytes are durable before the record points at them, as for uploads.
  const filePath = `emoji/${ctx.realm.id}/${randomAlphanumeric(24, ctx.random)}.${extension}`;
  await writeWithStoredFile(ctx, filePath, bytes, (db) => {
    if (activeEmoji({ db }, name)) throw new ApiError('BAD_REQUEST', 'A custom emoji with this name already exists.');
    const id = db.nextId('realm_emoji');
    db.put('realm_emoji', {
      id,
      name,
      source_url: `/user_avatars/${ctx.realm.id}/emoji/images/${id}.${extension}`,
      author_id: ctx.user.id,
      deactivated: false,
      file_path: filePath,
      content_type: type,
    });
    announce({ ...ctx, db });
  });
  return {};
}

/**
 * DELETE /realm/emoji/{emoji_name}: deactivates a custom emoji (messages and reactions keep
 * it): its author or an administrator. Event `realm_emoji` `update`.
 */
export function deactivateRealmEmoji(params: OperationParams<'realmEmoji.deactivate'>, ctx: UserContext) {
  const emoji = activeEmoji(ctx, params.emoji_name);
  if (!emoji) throw new ApiError('BAD_REQUEST', 'Emoji does not exist');
  if (!isAdmin(ctx.user) && emoji.author_id !== ctx.user.id)
    throw new ApiError('BAD_REQUEST', 'Must be an organization administrator or emoji author');
  ctx.db.patch('realm_emoji', emoji.id, { deactivated: true });
  announce(ctx);
  return {};
}

/** GET `/user_avatars/<realm>/emoji/images/<file>`: a custom emoji's image, to anyone (as the real server serves them). */
export async function readEmojiImage(ctx: Pick<Context<'files'>, 'db' | 'files'>, file: string, withBytes: boolean) {
  const emoji = [...ctx.db.all('realm_emoji')].find(
    (record) => record.file_path !== undefined && record.source_url.endsWith(`/emoji/images/${file}`),
  );
  const bytes = emoji?.file_path ? await ctx.files.get(emoji.file_path) : undefined;
  if (!emoji || !bytes) return { status: 'not-found' as const };
  return {
    status: 'file' as const,
    file_name: file,
    content_type: emoji.content_type ?? 'application/octet-stream',
    size: bytes.length,
    inline: true,
    bytes: withBytes ? bytes : null,
  };
}
