import { defineEndpoint } from '@teamchat/schema';
import { z } from 'zod';
import { pageHandler } from '../dispatch/handler.js';

/** Entries one read answers at most. */
const MAX_LIMIT = 1000;

/**
 * GET `/json/inspector/journal` (the web app's inspector; administrators' sessions only): the
 * journal's entries with `seq > after`, oldest first, at most `limit`. See `Journal`.
 */
export const inspectorJournalPage = defineEndpoint({
  name: 'pages.inspectorJournal',
  method: 'GET',
  path: '/inspector/journal',
  access: 'admin',
  summary: 'The request journal: requests, events, emails, webhook deliveries, push notifications, jobs.',
  params: z.object({
    after: z.number().int().min(0).default(0),
    limit: z.number().int().min(1).max(MAX_LIMIT).default(500),
  }),
  response: z.object({
    enabled: z.boolean(),
    capacity: z.number().int(),
    last_seq: z.number().int(),
    entries: z.array(z.record(z.string(), z.unknown())),
  }),
  errors: ['UNAUTHORIZED_PRINCIPAL'],
});

export const inspectorJournalHandler = pageHandler(inspectorJournalPage, (params, ctx) => {
  const { journal } = ctx;
  return { enabled: journal.capacity > 0, capacity: journal.capacity, ...journal.read(params.after, params.limit) };
});
