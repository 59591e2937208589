import type MarkdownIt from 'markdown-it';
import type { StateInline, Token } from 'markdown-it';
import { SYSTEM_GROUP_NAMES, type SystemGroupName } from '../model/system-groups.js';
import { envOf, mentionMayStartAt } from './markdown-env.js';
import { escapeText, renderAttributes } from './zulip-html.js';

const GROUP_MENTION = /^@(_?)\*([^*]+)\*/;

/** How the real server shows system groups in mentions. */
const SYSTEM_GROUP_DISPLAY_NAMES: Record<SystemGroupName, string> = {
  'role:nobody': 'Nobody',
  'role:owners': 'Owners',
  'role:administrators': 'Administrators',
  'role:moderators': 'Moderators',
  'role:fullmembers': 'Full members',
  'role:members': 'Members',
  'role:everyone': 'Everyone',
  'role:internet': 'Everyone on the internet',
};

/** What a `group_mention` token carries. */
export interface GroupMentionMeta {
  groupId: number;
  /** Shown name: the group's name, or a system group's display name. */
  name: string;
  silent: boolean;
  /** Whether the sender may mention the group non-silently (checked for non-silent mentions only). */
  mayMention: boolean;
}

function displayName(name: string, isSystemGroup: boolean): string {
  const systemName = SYSTEM_GROUP_NAMES.find((candidate) => candidate === name);
  return isSystemGroup && systemName !== undefined ? SYSTEM_GROUP_DISPLAY_NAMES[systemName] : name;
}

function groupMention(state: StateInline, silent: boolean): boolean {
  const { resolver } = envOf(state);
  if (!resolver || state.src.charCodeAt(state.pos) !== 0x40 /* @ */) return false;
  if (!mentionMayStartAt(state.src, state.pos)) return false;
  const match = GROUP_MENTION.exec(state.src.slice(state.pos, state.posMax));
  const group = match?.[2] === undefined ? undefined : resolver.groupByName(match[2]);
  if (!match || !group) return false;
  if (!silent) {
    const token = state.push('group_mention', 'span', 0);
    token.markup = match[0];
    const isSilent = match[1] === '_' || group.deactivated;
    const meta: GroupMentionMeta = {
      groupId: group.id,
      name: displayName(group.name, group.is_system_group),
      silent: isSilent,
      mayMention: !isSilent && resolver.canMentionGroup(group),
    };
    token.meta = meta;
  }
  state.pos += match[0].length;
  return true;
}

function renderGroupMention(token: Token): string {
  const meta = token.meta as GroupMentionMeta;
  const attributes = {
    class: meta.silent ? 'user-group-mention silent' : 'user-group-mention',
    'data-user-group-id': String(meta.groupId),
  };
  return `<span${renderAttributes(attributes)}>${escapeText(meta.silent ? meta.name : `@${meta.name}`)}</span>`;
}

/**
 * markdown-it plugin: user-group mentions. `@*support*` mentions the group named exactly
 * `support`, `@_*support*` silently; mentions of deactivated groups are silent, system
 * groups show their display name (`@_*role:members*` → `Members`). A non-silent mention the
 * sender may not make (the group's `can_mention_group`) is turned silent by the message-facts
 * rule. Needs `env.resolver`.
 *
 * @see https://zulip.com/api/message-formatting
 */
export function groupMentions(md: MarkdownIt): void {
  md.inline.ruler.before('emphasis', 'group_mention', groupMention);
  md.renderer.rules.group_mention = (tokens, idx) => {
    const token = tokens[idx];
    return token ? renderGroupMention(token) : '';
  };
}
