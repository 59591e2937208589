import { z } from 'zod';
import { Draft } from '../endpoints/drafts/draft-model.js';
import { Reminder } from '../endpoints/reminders/reminder-model.js';
import { SavedSnippet } from '../endpoints/saved-snippets/saved-snippet-model.js';
import { ScheduledMessage } from '../endpoints/scheduled-messages/scheduled-message-model.js';
import { NavigationView } from '../models/realm-config.js';
import { defineOpEvent } from './define-event.js';

/** Drafts were saved (synchronized drafts). */
export const DraftsAddEvent = defineOpEvent('drafts', 'add', { drafts: z.array(Draft) });
/** A draft changed. */
export const DraftsUpdateEvent = defineOpEvent('drafts', 'update', { draft: Draft });
/** A draft was deleted. */
export const DraftsRemoveEvent = defineOpEvent('drafts', 'remove', { draft_id: z.number().int() });

/** A navigation view (a left-sidebar entry) was added. */
export const NavigationViewAddEvent = defineOpEvent('navigation_view', 'add', { navigation_view: NavigationView });
/** A navigation view changed (`data`: `name`, `is_pinned`). */
export const NavigationViewUpdateEvent = defineOpEvent('navigation_view', 'update', {
  fragment: z.string(),
  data: z.looseObject({ name: z.string().nullable().optional(), is_pinned: z.boolean().nullable().optional() }),
});
/** A navigation view was removed. */
export const NavigationViewRemoveEvent = defineOpEvent('navigation_view', 'remove', { fragment: z.string() });

/** A saved snippet was created. */
export const SavedSnippetsAddEvent = defineOpEvent('saved_snippets', 'add', { saved_snippet: SavedSnippet });
/** A saved snippet changed. */
export const SavedSnippetsUpdateEvent = defineOpEvent('saved_snippets', 'update', { saved_snippet: SavedSnippet });
/** A saved snippet was deleted. */
export const SavedSnippetsRemoveEvent = defineOpEvent('saved_snippets', 'remove', {
  saved_snippet_id: z.number().int(),
});

/** Reminders were scheduled. */
export const RemindersAddEvent = defineOpEvent('reminders', 'add', { reminders: z.array(Reminder) });
/** A reminder was sent or deleted. */
export const RemindersRemoveEvent = defineOpEvent('reminders', 'remove', { reminder_id: z.number().int() });

/** Messages were scheduled. */
export const ScheduledMessagesAddEvent = defineOpEvent('scheduled_messages', 'add', {
  scheduled_messages: z.array(ScheduledMessage),
});
/** A scheduled message changed (or failed to send). */
export const ScheduledMessagesUpdateEvent = defineOpEvent('scheduled_messages', 'update', {
  scheduled_message: ScheduledMessage,
});
/** A scheduled message was sent or deleted. */
export const ScheduledMessagesRemoveEvent = defineOpEvent('scheduled_messages', 'remove', {
  scheduled_message_id: z.number().int(),
});
