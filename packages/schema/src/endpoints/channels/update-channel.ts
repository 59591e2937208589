import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint.js';
import { CHANNEL_GROUP_SETTINGS, TopicsPolicy } from '../../models/channel.js';
import { GroupSettingUpdate } from '../../models/common.js';
import { optionalFields } from '../group-setting-params.js';
import { MessageRetentionDays } from './create-channel.js';

/**
 * PATCH /streams/{stream_id}: change a channel's name, description, privacy, policies and
 * group settings (as `{new, old?}` updates). Realm administrators and the channel's
 * administrators; `is_archived: false` unarchives.
 *
 * @see https://zulip.com/api/update-stream
 */
export const updateChannel = defineEndpoint({
  name: 'channels.update',
  method: 'PATCH',
  path: '/streams/{stream_id}',
  access: 'user',
  summary: "Change a channel's settings.",
  docs: 'update-stream',
  params: z.object({
    stream_id: z.number().int(),
    description: z.string().optional(),
    new_name: z.string().optional(),
    is_private: z.boolean().optional(),
    is_web_public: z.boolean().optional(),
    history_public_to_subscribers: z.boolean().optional(),
    is_default_stream: z.boolean().optional(),
    message_retention_days: MessageRetentionDays.optional(),
    /** Only `false` acts (unarchive). */
    is_archived: z.boolean().optional(),
    topics_policy: TopicsPolicy.optional(),
    /** `null` takes the channel out of its folder. */
    folder_id: z.number().int().nullable().optional(),
    ...optionalFields(CHANNEL_GROUP_SETTINGS, GroupSettingUpdate),
  }),
  response: z.looseObject({}),
  errors: [
    'BAD_REQUEST',
    'REQUEST_VARIABLE_INVALID',
    'CANNOT_ADMINISTER_CHANNEL',
    'EXPECTATION_MISMATCH',
    'SYSTEM_GROUP_REQUIRED',
    'UNAUTHORIZED_PRINCIPAL',
  ],
});
