import type { StateBlock, StateCore, StateInline } from 'markdown-it';
import type { ChannelRecord } from '../model/records/channels.js';
import type { UserGroupRecord } from '../model/records/user-groups.js';
import type { UserRecord } from '../model/records/users.js';
import type { CompiledLinkifier } from './compile-linkifier.js';

/**
 * What the message plugins look up while parsing: users, groups and channels as the sender
 * sees them. Keeping it an interface keeps the plugins free of the store.
 */
export interface MessageResolver {
  /** The user whose full name is `name`, compared case-insensitively. */
  userByName(name: string): UserRecord | undefined;
  userById(id: number): UserRecord | undefined;
  /** The user group (system groups included) named exactly `name`. */
  groupByName(name: string): UserGroupRecord | undefined;
  /** Whether the sender may mention `group` non-silently (its `can_mention_group`). */
  canMentionGroup(group: UserGroupRecord): boolean;
  /** The channel named exactly `name`, if the sender may read its content. */
  channelByName(name: string): ChannelRecord | undefined;
  /** The newest message of a topic that the sender may read. */
  latestTopicMessageId(channelId: number, topic: string): number | undefined;
  /** The organization's active custom emoji named `name`. */
  realmEmoji(name: string): { id: number; source_url: string } | undefined;
}

/** What rendering found out about a message (filled by the message-facts rule). */
export interface MessageFacts {
  /** Users mentioned non-silently (directly, not through groups). */
  userIds: Set<number>;
  /** Groups mentioned non-silently by a sender who may mention them. */
  groupIds: Set<number>;
  /** Groups mentioned non-silently by a sender who may not mention them (rendered silently). */
  deniedGroupIds: Set<number>;
  streamWildcard: boolean;
  topicWildcard: boolean;
  hasLink: boolean;
  hasImage: boolean;
  /** Path IDs of the organization's uploads the message links to (`2/ab/file.png`). */
  uploadPathIds: string[];
}

/**
 * The `env` of one render. Plugins for syntax that needs the organization's data do
 * nothing when their part is missing (descriptions render without mentions).
 */
export interface MarkdownEnv {
  resolver?: MessageResolver;
  linkifiers?: readonly CompiledLinkifier[];
  /** The organization's URL; links into it are made relative, as the real server does. */
  realmUrl?: string;
  /** Output of the message-facts rule. */
  facts?: MessageFacts;
}

/** The typed `env` of a parser state. */
export function envOf(state: StateCore | StateBlock | StateInline): MarkdownEnv {
  return state.env as MarkdownEnv;
}

/** Characters after which a mention or channel link may start (or the start of the text). */
const BEFORE_MENTION = /[\s'"({[/<]/u;

/** Whether a mention or channel link may start at `pos` of `src` (the real server's lookbehind). */
export function mentionMayStartAt(src: string, pos: number): boolean {
  return pos === 0 || BEFORE_MENTION.test(src[pos - 1] ?? '');
}
