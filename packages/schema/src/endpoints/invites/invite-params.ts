import { z } from 'zod';

/** Longest custom Welcome Bot text (`MAX_REALM_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH`). */
export const MAX_WELCOME_MESSAGE_LENGTH = 8000;

/**
 * The parameters email invitations and reusable links share: the new account's role,
 * channels and groups, when the invitation expires and the Welcome Bot's text.
 */
export const invitationParams = {
  /** Minutes until the invitation expires; null: never. Default 14400 (ten days). */
  invite_expires_in_minutes: z.number().int().nullable().optional(),
  /** The new account's role: 100, 200, 300, 400 (default) or 600. */
  invite_as: z.number().int().default(400),
  /** User groups the new account joins. */
  group_ids: z.array(z.number().int()).optional(),
  /** Also subscribe the new account to the organization's default channels. */
  include_realm_default_subscriptions: z.boolean().default(false),
  /**
   * The Welcome Bot's custom text for accounts made with this invitation (administrators
   * only): omitted, the organization's; empty, none.
   */
  welcome_message_custom_text: z.string().max(MAX_WELCOME_MESSAGE_LENGTH).optional(),
};
