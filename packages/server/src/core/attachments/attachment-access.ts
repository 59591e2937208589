import type { Context } from '../context.js';
import type { AttachmentRecord, UserRecord } from '../db.js';
import { canAccessMessage } from '../messages/message-access.js';
import { isWebPublicAccessEnabled } from '../realm/web-public-access.js';

type Ctx = Pick<Context, 'db' | 'indexes' | 'realm' | 'now' | 'config'>;

/**
 * Whether `user` (or a spectator, `null`) may download an uploaded file: its owner, and
 * whoever may read one of the messages linking it (recipients, readers of the channel's
 * history; spectators only through web-public channels of an organization open to them).
 * Also decides whether a message may link someone else's upload.
 *
 * @see shared/reference/users-channels-realm.md §8.4 (the real server's `validate_attachment_request`)
 */
export function canAccessAttachment(ctx: Ctx, user: UserRecord | null, attachment: AttachmentRecord): boolean {
  if (user?.id === attachment.owner_id) return true;
  if (!user && !isWebPublicAccessEnabled(ctx)) return false;
  return attachment.message_ids.some((id) => {
    const message = ctx.db.get('messages', id);
    return message !== undefined && canAccessMessage(ctx, user, message);
  });
}
