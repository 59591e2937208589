import { z } from 'zod';

/**
 * The service of an outgoing-webhook bot (`base_url`, `token`, `interface`: 1 Zulip format, 2
 * Slack-compatible) or an embedded bot (`service_name`, `config_data`). The `token` is fixed
 * per bot: it is the value sent in every outgoing-webhook payload.
 *
 * @see https://zulip.com/api/register-queue
 */
export const BotService = z.looseObject({
  base_url: z.string().optional(),
  token: z.string().optional(),
  interface: z.number().int().optional(),
  service_name: z.string().optional(),
  config_data: z.record(z.string(), z.string()).optional(),
});
export type BotService = z.infer<typeof BotService>;

/**
 * A bot as the users who administer it see it (`realm_bots` of POST /register, `realm_bot`
 * events): its API key and service included.
 */
export const Bot = z.looseObject({
  user_id: z.number().int(),
  full_name: z.string(),
  api_key: z.string(),
  default_sending_stream: z.string().nullable(),
  default_events_register_stream: z.string().nullable(),
  default_all_public_streams: z.boolean(),
  avatar_url: z.string(),
  owner_id: z.number().int().nullable(),
  services: z.array(BotService),
  email: z.string(),
  bot_type: z.number().int().nullable(),
  is_active: z.boolean(),
});
export type Bot = z.infer<typeof Bot>;

/** One of the caller's own active bots in GET /bots (the real server's shape: `username` is the email). */
export const OwnBot = z.looseObject({
  username: z.string(),
  full_name: z.string(),
  api_key: z.string(),
  avatar_url: z.string(),
  default_sending_stream: z.string().nullable(),
  default_events_register_stream: z.string().nullable(),
  default_all_public_streams: z.boolean(),
});
export type OwnBot = z.infer<typeof OwnBot>;
