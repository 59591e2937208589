import { z } from 'zod';

/** The named anchors of a message range; any other anchor is a message ID. */
export const ANCHOR_NAMES = ['newest', 'oldest', 'first_unread'] as const;

/**
 * Where a message range starts: `newest`, `oldest`, `first_unread` or a message ID in digits.
 * Travels as the raw text (`anchor=newest`, `anchor=42`); anything else is `Invalid anchor`.
 *
 * @see https://zulip.com/api/update-message-flags-for-narrow
 */
export const Anchor = z.string().regex(/^(?:newest|oldest|first_unread|-?\d+)$/);
export type Anchor = z.infer<typeof Anchor>;
