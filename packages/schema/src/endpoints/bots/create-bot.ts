import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * POST /bots: create a bot owned by the caller: generic (1), incoming webhook (2), outgoing
 * webhook (3, with `payload_url` and `interface_type`) or embedded (4, refused: embedded bots
 * are not enabled on this server). Its email is `<short_name>-bot@<domain>`. Who may create
 * which type follows the organization's `can_create_bots_group` and
 * `can_create_write_only_bots_group`.
 *
 * @see https://zulip.com/api/register-queue
 */
export const createBot = defineEndpoint({
  name: 'bots.create',
  method: 'POST',
  path: '/bots',
  access: 'human-member',
  summary: 'Create a bot.',
  docsNote: 'The real server has it (its web app uses it), but not in its API documentation.',
  params: z.object({
    full_name: z.string(),
    short_name: z.string(),
    /** 1 generic (default), 2 incoming webhook, 3 outgoing webhook, 4 embedded. */
    bot_type: z.number().int().default(1),
    /** Outgoing-webhook URL; the real server reads it JSON-encoded. */
    payload_url: z.string().default('').meta({ wire: 'json' }),
    service_name: z.string().optional(),
    config_data: z.record(z.string(), z.string()).default({}),
    /** 1 Zulip format (default), 2 Slack-compatible. */
    interface_type: z.number().int().default(1),
    default_sending_stream: z.string().optional(),
    default_events_register_stream: z.string().optional(),
    default_all_public_streams: z.boolean().optional(),
  }),
  response: z.looseObject({
    user_id: z.number().int(),
    api_key: z.string(),
    avatar_url: z.string(),
    default_sending_stream: z.string().nullable(),
    default_events_register_stream: z.string().nullable(),
    default_all_public_streams: z.boolean(),
  }),
  errors: ['BAD_REQUEST', 'STREAM_DOES_NOT_EXIST'],
});
