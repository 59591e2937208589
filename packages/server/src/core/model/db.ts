import type { Store, Transaction } from '../../store/store.js';
import type { AttachmentRecord } from './records/attachments.js';
import type { ChannelFolderRecord, ChannelRecord, SubscriptionRecord, UserTopicRecord } from './records/channels.js';
import type { InvitationRecord, MultiuseInviteRecord } from './records/invites.js';
import type {
  DirectMessageGroupRecord,
  MessageRecord,
  RecipientRecord,
  ScheduledMessageRecord,
} from './records/messages.js';
import type { EmailRecord, OutboxRecord } from './records/outbox.js';
import type {
  AlertWordRecord,
  DraftRecord,
  MutedUserRecord,
  NavigationViewRecord,
  SavedSnippetRecord,
  UserStatusRecord,
} from './records/personal.js';
import type { PresenceRecord } from './records/presence.js';
import type { PushDeviceRecord, PushDeviceTokenRecord, PushIdentityRecord } from './records/push.js';
import type {
  CustomProfileFieldRecord,
  LinkifierRecord,
  PlaygroundRecord,
  RealmEmojiRecord,
  RealmExportRecord,
  RealmRecord,
} from './records/realm.js';
import type { UserGroupRecord } from './records/user-groups.js';
import type { SessionRecord } from './records/sessions.js';
import type { BotStorageRecord, EmailChangeRecord, UserRecord } from './records/users.js';

/**
 * The document's collections and their records (`records/<area>.ts`, by API area). Later areas
 * add theirs here.
 */
export type Db = {
  realm: RealmRecord;
  users: UserRecord;
  channels: ChannelRecord;
  subscriptions: SubscriptionRecord;
  user_groups: UserGroupRecord;
  recipients: RecipientRecord;
  custom_profile_fields: CustomProfileFieldRecord;
  messages: MessageRecord;
  email_changes: EmailChangeRecord;
  direct_message_groups: DirectMessageGroupRecord;
  realm_emoji: RealmEmojiRecord;
  user_topics: UserTopicRecord;
  /** One row per user who ever reported presence; the key is the user ID. */
  presence: PresenceRecord;
  linkifiers: LinkifierRecord;
  channel_folders: ChannelFolderRecord;
  playgrounds: PlaygroundRecord;
  navigation_views: NavigationViewRecord;
  attachments: AttachmentRecord;
  alert_words: AlertWordRecord;
  user_status: UserStatusRecord;
  muted_users: MutedUserRecord;
  drafts: DraftRecord;
  saved_snippets: SavedSnippetRecord;
  scheduled_messages: ScheduledMessageRecord;
  bot_storage: BotStorageRecord;
  outbox: OutboxRecord;
  push_devices: PushDeviceRecord;
  push_identity: PushIdentityRecord;
  push_device_tokens: PushDeviceTokenRecord;
  realm_exports: RealmExportRecord;
  invitations: InvitationRecord;
  multiuse_invites: MultiuseInviteRecord;
  emails: EmailRecord;
  sessions: SessionRecord;
};

/** The store of the document. */
export type DbStore = Store<Db>;
/** The writes (and reads) of one request. */
export type DbTx = Transaction<Db>;
