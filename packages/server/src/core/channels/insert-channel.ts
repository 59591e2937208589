import { CHANNEL_GROUP_SETTINGS } from '@teamchat/schema';
import type { Context } from '../runtime/context.js';
import type { ChannelRecord } from '../model/records/channels.js';
import { renderMarkdown } from '../markdown/render-markdown.js';
import { CHANNEL_GROUP_SETTING_CONFIGS } from '../model/group-setting-configs.js';
import { defaultGroupSettingValue } from '../model/group-setting-value.js';

/** A new channel; what is left out takes the defaults of a new public channel. */
export interface NewChannel {
  /** A given ID (fixtures); the next one otherwise. */
  id?: number;
  name: string;
  /** Markdown; rendered into `rendered_description`. Default empty. */
  description?: string;
  creatorId: number | null;
  inviteOnly?: boolean;
  isWebPublic?: boolean;
  /** Default: true for public channels, false for private ones. */
  historyPublicToSubscribers?: boolean;
  messageRetentionDays?: number | null;
  topicsPolicy?: ChannelRecord['topics_policy'];
  isDefault?: boolean;
  /** The channel folder it is in; default none. */
  folderId?: number | null;
  /** Permission settings given at creation; the others take their defaults (the creator for `can_administer_channel_group`). */
  groups?: Partial<ChannelRecord['groups']>;
}

/**
 * The permission settings of a new channel: those given, the others at their defaults.
 *
 * @see https://zulip.com/api/get-streams
 */
function channelGroupSettings(
  ctx: Pick<Context, 'db'>,
  creatorId: number | null,
  given: Partial<ChannelRecord['groups']> = {},
): ChannelRecord['groups'] {
  const entries = CHANNEL_GROUP_SETTINGS.map((setting) => [
    setting,
    given[setting] ?? defaultGroupSettingValue(ctx, CHANNEL_GROUP_SETTING_CONFIGS[setting], creatorId),
  ]);
  return Object.fromEntries(entries) as ChannelRecord['groups'];
}

/**
 * Stores a new channel and its recipient, created now, and returns it. Validation,
 * subscriptions, events and notices are the caller's.
 */
export function insertChannel(ctx: Pick<Context, 'db' | 'now'>, channel: NewChannel): ChannelRecord {
  const id = channel.id ?? ctx.db.nextId('channels');
  const recipientId = ctx.db.nextId('recipients');
  ctx.db.put('recipients', { id: recipientId, type: 'stream', type_id: id });
  const description = channel.description ?? '';
  const inviteOnly = channel.inviteOnly ?? false;
  return ctx.db.put('channels', {
    id,
    name: channel.name,
    description,
    rendered_description: renderMarkdown(description).html,
    date_created: Math.floor(ctx.now() / 1000),
    creator_id: channel.creatorId,
    invite_only: inviteOnly,
    is_web_public: channel.isWebPublic ?? false,
    history_public_to_subscribers: channel.historyPublicToSubscribers ?? !inviteOnly,
    message_retention_days: channel.messageRetentionDays ?? null,
    topics_policy: channel.topicsPolicy ?? 'inherit',
    first_message_id: null,
    folder_id: channel.folderId ?? null,
    is_archived: false,
    is_default: channel.isDefault ?? false,
    recipient_id: recipientId,
    groups: channelGroupSettings(ctx, channel.creatorId, channel.groups),
  });
}
