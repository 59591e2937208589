import { z } from 'zod';
import { openEnum, Timestamp } from '../models/common.js';
import { Message, MessageFlag, ReactionType, TopicLink } from '../models/message.js';
import { Attachment } from '../models/realm-config.js';
import { defineEvent, defineOpEvent } from './define-event.js';

/** A new message the user can see, with the user's flags on it. */
export const MessageEvent = defineEvent('message', { message: Message, flags: z.array(MessageFlag) });

/**
 * A message was edited or moved: content (`content`, `rendered_content`), topic (`subject`) or
 * channel (`new_stream_id`) of `message_ids` changed; `rendering_only` for a re-rendering
 * without a user's edit.
 */
export const UpdateMessageEvent = defineEvent('update_message', {
  user_id: z.number().int().nullable(),
  rendering_only: z.boolean(),
  message_id: z.number().int(),
  message_ids: z.array(z.number().int()),
  flags: z.array(MessageFlag),
  edit_timestamp: Timestamp,
  stream_name: z.string().optional(),
  stream_id: z.number().int().optional(),
  new_stream_id: z.number().int().optional(),
  propagate_mode: openEnum(['change_one', 'change_later', 'change_all']).optional(),
  orig_subject: z.string().optional(),
  subject: z.string().optional(),
  topic_links: z.array(TopicLink).optional(),
  orig_content: z.string().optional(),
  orig_rendered_content: z.string().optional(),
  content: z.string().optional(),
  rendered_content: z.string().optional(),
  is_me_message: z.boolean().optional(),
});

/** Messages were deleted: `message_ids` (or `message_id` for clients without `bulk_message_deletion`). */
export const DeleteMessageEvent = defineEvent('delete_message', {
  message_ids: z.array(z.number().int()).optional(),
  message_id: z.number().int().optional(),
  message_type: openEnum(['private', 'stream']),
  stream_id: z.number().int().optional(),
  topic: z.string().optional(),
});

const FlagsFields = {
  /** Deprecated name of `op`. */
  operation: openEnum(['add', 'remove']).optional(),
  flag: z.string(),
  messages: z.array(z.number().int()),
  all: z.boolean(),
};

/** A flag was added to the user's `messages` (`all`: to every message). */
export const UpdateMessageFlagsAddEvent = defineOpEvent('update_message_flags', 'add', FlagsFields);

/** A flag was removed; for `read`, `message_details` says where each message is (to count it unread again). */
export const UpdateMessageFlagsRemoveEvent = defineOpEvent('update_message_flags', 'remove', {
  ...FlagsFields,
  message_details: z
    .record(
      z.string(),
      z.looseObject({
        type: openEnum(['private', 'stream']),
        mentioned: z.boolean().optional(),
        user_ids: z.array(z.number().int()).optional(),
        stream_id: z.number().int().optional(),
        topic: z.string().optional(),
        unmuted_stream_msg: z.boolean().optional(),
      }),
    )
    .optional(),
});

const ReactionFields = {
  message_id: z.number().int(),
  emoji_name: z.string(),
  emoji_code: z.string(),
  reaction_type: ReactionType,
  user_id: z.number().int(),
  /** Deprecated: the reacting user. */
  user: z
    .looseObject({ user_id: z.number().int(), email: z.string().optional(), full_name: z.string().optional() })
    .optional(),
};

/** Someone reacted to a message. */
export const ReactionAddEvent = defineOpEvent('reaction', 'add', ReactionFields);
/** Someone removed their reaction. */
export const ReactionRemoveEvent = defineOpEvent('reaction', 'remove', ReactionFields);

/** A submessage (a widget's data: polls, todo lists) was added to a message. */
export const SubmessageEvent = defineEvent('submessage', {
  msg_type: z.string(),
  content: z.string(),
  message_id: z.number().int(),
  sender_id: z.number().int(),
  submessage_id: z.number().int(),
});

const TypingUser = z.looseObject({ user_id: z.number().int(), email: z.string() });
const TypingFields = {
  message_type: openEnum(['direct', 'stream']),
  sender: TypingUser,
  recipients: z.array(TypingUser).optional(),
  stream_id: z.number().int().optional(),
  topic: z.string().optional(),
};

/** Someone started typing a message to the user (a direct message, or in a channel's topic). */
export const TypingStartEvent = defineOpEvent('typing', 'start', TypingFields);
/** Someone stopped typing. */
export const TypingStopEvent = defineOpEvent('typing', 'stop', TypingFields);

const EditTypingFields = {
  sender_id: z.number().int(),
  message_id: z.number().int(),
  recipient: z.looseObject({
    type: openEnum(['direct', 'channel']),
    channel_id: z.number().int().optional(),
    topic: z.string().optional(),
    user_ids: z.array(z.number().int()).optional(),
  }),
};

/** Someone started editing a message the user can see. */
export const TypingEditMessageStartEvent = defineOpEvent('typing_edit_message', 'start', EditTypingFields);
/** Someone stopped editing it. */
export const TypingEditMessageStopEvent = defineOpEvent('typing_edit_message', 'stop', EditTypingFields);

/** The user uploaded a file; `upload_space_used` is the organization's total. */
export const AttachmentAddEvent = defineOpEvent('attachment', 'add', {
  attachment: Attachment,
  upload_space_used: z.number().int(),
});
/** One of the user's files changed (a message linking it was sent or deleted). */
export const AttachmentUpdateEvent = defineOpEvent('attachment', 'update', {
  attachment: Attachment,
  upload_space_used: z.number().int(),
});
/** One of the user's files was deleted. */
export const AttachmentRemoveEvent = defineOpEvent('attachment', 'remove', {
  attachment: z.looseObject({ id: z.number().int() }),
  upload_space_used: z.number().int(),
});
