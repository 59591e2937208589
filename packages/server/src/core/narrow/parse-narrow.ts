import { ApiError, type NarrowElement } from '@teamchat/schema';
import { NOT_LOGGED_IN } from '../auth/authenticate.js';
import type { Context } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import { isGuest } from '../model/roles.js';
import { badNarrow, operandText } from './narrow-errors.js';
import {
  HAS_OPERANDS,
  IS_OPERANDS,
  type HasOperand,
  type IsOperand,
  type NarrowTerm,
  type ParsedNarrow,
} from './narrow-term.js';
import { normalizeNarrow, type NarrowOperand, type NarrowParameter } from './normalize-narrow.js';
import { channelByOperand, userByOperand } from './resolve-operand.js';
import { canReadChannelHistory } from '../model/channel-history.js';
import { resolveDirectOperand } from './resolve-direct.js';
import { parseSearch } from './search-query.js';
import { replaceWithOperator } from './with-operator.js';

type Ctx = Pick<Context, 'db' | 'indexes' | 'realm' | 'now' | 'config'>;

/** The real server's constant name of the empty topic (besides the organization's own). */
const EMPTY_TOPIC_FALLBACK_NAME = 'general chat';
/** IDs above this are `Invalid message ID` (PostgreSQL's integer). */
const MAX_POSSIBLE_MESSAGE_ID = 2_147_483_647;

/** Legacy and underscore spellings → the operator the engine knows. */
const OPERATORS: Readonly<Record<string, string>> = {
  channel: 'channel',
  stream: 'channel',
  channels: 'channels',
  streams: 'channels',
  topic: 'topic',
  sender: 'sender',
  near: 'near',
  id: 'id',
  search: 'search',
  has: 'has',
  in: 'in',
  is: 'is',
  dm: 'dm',
  'pm-with': 'dm',
  pm_with: 'dm',
  'dm-including': 'dm-including',
  'group-pm-with': 'group-pm-with',
  group_pm_with: 'group-pm-with',
};

/** Maps the empty topic's display name in the first `topic` term to `""`, as the real server does. */
function renameEmptyTopic(ctx: Ctx, terms: NarrowParameter[]): NarrowParameter[] {
  const index = terms.findIndex((term) => term.operator === 'topic');
  const term = terms[index];
  if (!term || (term.operand !== ctx.realm.empty_topic_display_name && term.operand !== EMPTY_TOPIC_FALLBACK_NAME))
    return terms;
  return terms.map((t, i) => (i === index ? { ...t, operand: '' } : t));
}

/** History access (https://zulip.com/api/get-messages): whether messages the viewer never received are searched. */
function includesHistory(ctx: Ctx, viewer: UserRecord | null, terms: readonly NarrowParameter[]): boolean {
  if (!viewer) return true;
  let include = false;
  for (const { operator, operand, negated } of terms) {
    if ((operator === 'channel' || operator === 'stream') && !negated) {
      const channel =
        typeof operand === 'string' || typeof operand === 'number' ? channelByOperand(ctx, operand) : undefined;
      include = channel !== undefined && canReadChannelHistory(ctx, viewer, channel);
    } else if (
      (operator === 'channels' || operator === 'streams') &&
      operand === 'public' &&
      !negated &&
      !isGuest(viewer)
    ) {
      include = true;
    }
  }
  return include && !terms.some((term) => term.operator === 'is' && term.operand !== 'resolved');
}

/** Tracks the channel-vs-DM rule: positive channel terms and positive DM terms exclude each other. */
class CombinationCheck {
  private channel = false;
  private direct = false;

  note(kind: 'channel' | 'direct'): void {
    if (kind === 'channel') this.channel = true;
    else this.direct = true;
    if (this.channel && this.direct) throw badNarrow('No message can be both a channel message and direct message');
  }
}

function requireViewer(viewer: UserRecord | null): UserRecord {
  // Spectator narrows are limited to operators that need no user before they get here.
  if (!viewer) throw new ApiError('UNAUTHORIZED', NOT_LOGGED_IN);
  return viewer;
}

function asText(operand: NarrowOperand): string {
  return typeof operand === 'string' ? operand : operandText(operand);
}

/** Resolves one term (other than `search`), or null for `near`. */
function resolveTerm(
  ctx: Ctx,
  viewer: UserRecord | null,
  param: NarrowParameter,
  combination: CombinationCheck,
): NarrowTerm | null {
  const { operand, negated } = param;
  const operator = OPERATORS[param.operator];
  const positive = (kind: 'channel' | 'direct') => (negated ? undefined : combination.note(kind));
  switch (operator) {
    case 'channel': {
      positive('channel');
      const channel = channelByOperand(ctx, operand as string | number);
      if (!channel) throw badNarrow(`unknown channel ${asText(operand)}`);
      if (!viewer && !channel.is_web_public) throw badNarrow(`unknown web-public channel ${asText(operand)}`);
      return { operator, negated, channelId: channel.id };
    }
    case 'channels': {
      positive('channel');
      if (operand !== 'public' && operand !== 'web-public')
        throw badNarrow(`unknown channels operand ${asText(operand)}`);
      const channelIds = new Set<number>();
      for (const channel of ctx.db.all('channels')) {
        const selected =
          operand === 'public' ? !channel.invite_only && channel.history_public_to_subscribers : channel.is_web_public;
        if (selected) channelIds.add(channel.id);
      }
      return { operator, negated, operand, channelIds };
    }
    case 'topic':
      positive('channel');
      return { operator, negated, topic: operand as string };
    case 'sender': {
      const sender = userByOperand(ctx, operand as string | number);
      if (!sender) throw badNarrow(`unknown user ${asText(operand)}`);
      return { operator, negated, userId: sender.id };
    }
    case 'near':
      return null;
    case 'id': {
      const text = String(operand);
      if (!/^\d+$/.test(text) || Number(text) > MAX_POSSIBLE_MESSAGE_ID) throw badNarrow('Invalid message ID');
      return { operator, negated, messageId: Number(text) };
    }
    case 'dm':
      positive('direct');
      return {
        operator,
        negated,
        recipientId: resolveDirectOperand(ctx, requireViewer(viewer), operand as string | readonly number[]),
      };
    case 'dm-including':
    case 'group-pm-with': {
      const user = requireViewer(viewer);
      positive('direct');
      const other = userByOperand(ctx, operand as string | number);
      if (!other) throw badNarrow(`unknown user ${asText(operand)}`);
      if (operator === 'dm-including' && other.id === user.id) return { operator, negated, recipientIds: 'all' };
      const recipientIds = new Set<number>();
      for (const group of ctx.indexes.directMessageGroups.values()) {
        const wanted = group.user_ids.includes(user.id) && group.user_ids.includes(other.id);
        if (wanted && (operator === 'dm-including' || group.user_ids.length > 2)) recipientIds.add(group.recipient_id);
      }
      return { operator, negated, recipientIds };
    }
    case 'is': {
      requireViewer(viewer);
      const name = operand === 'private' ? 'dm' : (operand as string);
      // A negated is:dm is a channel term.
      if (name === 'dm') combination.note(negated ? 'channel' : 'direct');
      if (!(IS_OPERANDS as readonly string[]).includes(name))
        throw badNarrow(`unknown 'is' operand ${asText(operand)}`);
      return { operator, negated, operand: name as IsOperand };
    }
    case 'has':
      if (!(HAS_OPERANDS as readonly string[]).includes(operand as string))
        throw badNarrow(`unknown 'has' operand ${asText(operand)}`);
      return { operator, negated, operand: operand as HasOperand };
    case 'in':
      requireViewer(viewer);
      if (operand !== 'home' && operand !== 'all') throw badNarrow(`unknown 'in' operand ${asText(operand)}`);
      return { operator, negated, operand };
    default:
      throw badNarrow(`unknown operator ${param.operator}`);
  }
}

/**
 * Parses a narrow for `viewer` (null: a spectator's web-public query): both element forms,
 * legacy spellings (`stream`, `streams`, `pm-with`, `pm_with`, `group-pm-with`,
 * `group_pm_with`, `is:private`), operands by name, email or ID, `negated`, `with` (replaced
 * by its message's conversation), `near` (no filter), and every `search` term joined into one.
 *
 * @throws {ApiError} `BAD_REQUEST` for a badly typed operand; `BAD_NARROW` (with `desc`) for an
 *   unknown operator or operand (`unknown channel X`, `unknown user X`, `unknown 'is' operand X`,
 *   `Invalid message ID`, …) and for a channel term combined with a DM term.
 * @example
 * const parsed = parseNarrow(ctx, ctx.user, [{ operator: 'channel', operand: 'general' }, ['topic', 'welcome']]);
 * @see https://zulip.com/api/construct-narrow
 */
export function parseNarrow(
  ctx: Ctx,
  viewer: UserRecord | null,
  narrow: readonly (NarrowElement | NarrowParameter)[],
): ParsedNarrow {
  const params = replaceWithOperator(ctx, viewer, renameEmptyTopic(ctx, normalizeNarrow(narrow)));
  const includeHistory = includesHistory(ctx, viewer, params);
  const combination = new CombinationCheck();
  const terms: NarrowTerm[] = [];
  const searches: string[] = [];
  for (const param of params) {
    if (param.operator === 'search') searches.push(param.operand as string);
    else {
      const term = resolveTerm(ctx, viewer, param, combination);
      if (term) terms.push(term);
    }
  }
  const firstChannel = terms.find((term) => term.operator === 'channel');
  return {
    viewer,
    terms,
    search: searches.length > 0 ? parseSearch(searches.join(' ')) : null,
    includeHistory,
    firstChannelId: firstChannel?.operator === 'channel' ? firstChannel.channelId : null,
  };
}
