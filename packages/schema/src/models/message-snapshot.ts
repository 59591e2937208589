import { z } from 'zod';
import { Timestamp } from './common.js';

/**
 * One version of a message in GET /messages/{message_id}/history, oldest first; the first
 * snapshot is the original message. The `prev_*` fields and `content_html_diff` appear only
 * on snapshots that changed what they describe.
 */
export const MessageSnapshot = z.looseObject({
  topic: z.string(),
  prev_topic: z.string().optional(),
  stream: z.number().int().optional(),
  prev_stream: z.number().int().optional(),
  content: z.string(),
  rendered_content: z.string(),
  prev_content: z.string().optional(),
  prev_rendered_content: z.string().optional(),
  content_html_diff: z.string().optional(),
  user_id: z.number().int().nullable(),
  timestamp: Timestamp,
});
export type MessageSnapshot = z.infer<typeof MessageSnapshot>;
