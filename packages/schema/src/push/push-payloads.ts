import { z } from 'zod';

/**
 * The registration a mobile app encrypts (sealed box) to the bouncer's public key and sends as
 * `encrypted_push_registration`: its FCM or APNs token (APNs tokens are hex), when it was made
 * (seconds; the bouncer refuses old ones), and for APNs the app's bundle ID.
 *
 * @see https://zulip.com/api/register-push-device
 */
export const PushRegistrationData = z.object({
  token: z.string().min(1),
  token_kind: z.enum(['fcm', 'apns']),
  timestamp: z.number().int(),
  ios_app_id: z.string().nullable().optional(),
});
export type PushRegistrationData = z.infer<typeof PushRegistrationData>;

/**
 * What a notification decrypts to: a test (`type: "test"`), a new message (`type:
 * "message"`), or the removal of notifications of messages read elsewhere (`type: "remove"`).
 *
 * @see https://zulip.com/api/e2ee-test-notify
 */
export const PushNotificationData = z.looseObject({
  type: z.enum(['test', 'message', 'remove']).or(z.string()),
  realm_name: z.string(),
  realm_url: z.string(),
  user_id: z.number().int(),
  time: z.number().int().optional(),
  message_id: z.number().int().optional(),
  message_ids: z.array(z.number().int()).optional(),
  sender_id: z.number().int().optional(),
  sender_full_name: z.string().optional(),
  sender_avatar_url: z.string().optional(),
  content: z.string().optional(),
  recipient_type: z.enum(['channel', 'direct']).or(z.string()).optional(),
  channel_id: z.number().int().optional(),
  channel_name: z.string().optional(),
  topic: z.string().optional(),
  pm_users: z.string().optional(),
});
export type PushNotificationData = z.infer<typeof PushNotificationData>;
