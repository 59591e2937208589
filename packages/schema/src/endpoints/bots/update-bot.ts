import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';

/**
 * PATCH /bots/{bot_id}: change a bot the caller administers (its owner, or an administrator):
 * name, role, owner, defaults, the outgoing-webhook service or the bot's configuration.
 * Answers the bot's settings after the change.
 *
 * @see https://zulip.com/api/register-queue
 */
export const updateBot = defineEndpoint({
  name: 'bots.update',
  method: 'PATCH',
  path: '/bots/{bot_id}',
  access: 'human-member',
  summary: 'Update a bot.',
  docsNote: 'The real server has it (its web app uses it), but not in its API documentation.',
  params: z.object({
    bot_id: z.number().int(),
    full_name: z.string().optional(),
    role: z.number().int().optional(),
    bot_owner_id: z.number().int().optional(),
    config_data: z.record(z.string(), z.string()).optional(),
    /** The real server reads it JSON-encoded. */
    service_payload_url: z.string().optional().meta({ wire: 'json' }),
    service_interface: z.number().int().default(1),
    /** A channel name, or "" for none. */
    default_sending_stream: z.string().optional(),
    default_events_register_stream: z.string().optional(),
    default_all_public_streams: z.boolean().optional(),
  }),
  response: z.looseObject({
    full_name: z.string(),
    avatar_url: z.string(),
    service_interface: z.number().int(),
    service_payload_url: z.string().nullable(),
    config_data: z.record(z.string(), z.string()).nullable(),
    default_sending_stream: z.string().nullable(),
    default_events_register_stream: z.string().nullable(),
    default_all_public_streams: z.boolean(),
    bot_owner: z.string().optional(),
  }),
  errors: ['BAD_REQUEST', 'UNAUTHORIZED_PRINCIPAL', 'STREAM_DOES_NOT_EXIST'],
});
