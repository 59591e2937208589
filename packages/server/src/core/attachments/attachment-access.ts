import { isSubscribed } from '../model/channel-access.js';
import type { Context } from '../runtime/context.js';
import type { AttachmentRecord } from '../model/records/attachments.js';
import type { ChannelRecord } from '../model/records/channels.js';
import type { UserRecord } from '../model/records/users.js';
import { hasMessageRow } from '../model/message-flags.js';
import type { MessageRecord } from '../model/records/messages.js';
import { isGuest } from '../model/roles.js';
import { isWebPublicAccessEnabled } from '../model/web-public-access.js';

type Ctx = Pick<Context, 'db' | 'indexes' | 'realm' | 'now' | 'config'>;

/**
 * Whether `user` (or a spectator, `null`) may download an uploaded file, as the real server's
 * `validate_attachment_request` decides: its owner; any non-guest once a message in a public
 * (not private) channel links it; whoever received a linking message (has a row for it);
 * subscribers of a linking channel whose history is shared with subscribers; spectators only
 * through a web-public channel of an organization open to them. Reading the message is not
 * enough: a guest who may read a web-public channel without being subscribed does not get its
 * files. Also decides whether a message may link someone else's upload.
 *
 * @see https://zulip.com/api/upload-file (`validate_attachment_request`)
 */
export function canAccessAttachment(ctx: Ctx, user: UserRecord | null, attachment: AttachmentRecord): boolean {
  if (user?.id === attachment.owner_id) return true;
  // One rule at a time over the linking messages, the cheapest first, each stopping at the
  // first message that grants access (a file may be linked from thousands of messages).
  const linking = function* () {
    for (const id of attachment.message_ids) {
      const message = ctx.db.get('messages', id);
      if (message)
        yield { message, channel: message.stream_id === null ? undefined : ctx.db.get('channels', message.stream_id) };
    }
  };
  const some = (test: (link: { message: MessageRecord; channel: ChannelRecord | undefined }) => boolean) => {
    for (const link of linking()) if (test(link)) return true;
    return false;
  };
  if (!user)
    return (
      isWebPublicAccessEnabled(ctx) && some(({ channel }) => channel?.is_web_public === true && !channel.invite_only)
    );
  if (!isGuest(user) && some(({ channel }) => channel !== undefined && !channel.invite_only)) return true;
  if (some(({ message }) => hasMessageRow(ctx, message.id, user.id))) return true;
  return some(
    ({ channel }) => channel !== undefined && channel.history_public_to_subscribers && isSubscribed(ctx, user, channel),
  );
}
