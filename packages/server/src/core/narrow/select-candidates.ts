import type { Context } from '../runtime/context.js';
import { receivedIds, starredIds, unreadIds } from '../model/message-flags.js';
import type { IdLists } from './id-walk.js';
import type { ParsedNarrow } from './narrow-term.js';

type Ctx = Pick<Context, 'indexes' | 'db'>;

/** Which index the candidates of a narrow come from. */
export type CandidateIndex =
  'id' | 'topic' | 'channel' | 'conversation' | 'unread' | 'starred' | 'channels' | 'user' | 'none';

/** A superset of a narrow's matches: ascending, pairwise disjoint ID lists from one index. */
export interface CandidateSource {
  index: CandidateIndex;
  lists: IdLists;
  /** Number of candidate IDs. */
  size: number;
}

interface Option {
  index: CandidateIndex;
  size: number;
  lists: () => IdLists;
}

function fromLists(index: CandidateIndex, lists: IdLists): Option {
  return { index, size: lists.reduce((sum, ids) => sum + ids.length, 0), lists: () => lists };
}

/**
 * The smallest index list the narrow's positive terms allow: one message for `id`, the topic
 * list for a channel + topic, the channel list, the conversation list(s) for `dm`,
 * `dm-including` and `group-pm-with`, the viewer's unread or starred IDs, the lists of the
 * channels of `channels:`; otherwise the viewer's received messages, unless history is
 * included (then a channel term always offers its list). Never the list of all messages.
 * The candidates still have to be matched and access-checked.
 */
export function selectCandidates(ctx: Ctx, parsed: ParsedNarrow): CandidateSource {
  const index = ctx.indexes.messages;
  const { viewer } = parsed;
  const positive = parsed.terms.filter((term) => !term.negated);
  const topic = positive.find((term) => term.operator === 'topic');
  const options: Option[] = [];
  for (const term of positive) {
    switch (term.operator) {
      case 'id':
        options.push(fromLists('id', [[term.messageId]]));
        break;
      case 'channel':
        if (topic?.operator === 'topic') options.push(fromLists('topic', [index.topic(term.channelId, topic.topic)]));
        else options.push(fromLists('channel', [index.channel(term.channelId)]));
        break;
      case 'channels':
        options.push(
          fromLists(
            'channels',
            [...term.channelIds].map((id) => index.channel(id)),
          ),
        );
        break;
      case 'dm':
        options.push(
          fromLists('conversation', term.recipientId === null ? [] : [index.conversation(term.recipientId)]),
        );
        break;
      case 'dm-including':
      case 'group-pm-with':
        if (term.recipientIds !== 'all') {
          options.push(
            fromLists(
              'conversation',
              [...term.recipientIds].map((id) => index.conversation(id)),
            ),
          );
        }
        break;
      case 'is':
        if (viewer && term.operand === 'unread') options.push(fromLists('unread', [unreadIds(ctx, viewer.id)]));
        if (viewer && term.operand === 'starred') options.push(fromLists('starred', [starredIds(ctx, viewer.id)]));
        break;
      default:
        break;
    }
  }
  if (viewer && !parsed.includeHistory) options.push(fromLists('user', [receivedIds(ctx, viewer.id)]));
  let best: Option | undefined;
  for (const option of options) if (!best || option.size < best.size) best = option;
  if (!best) return { index: 'none', lists: [], size: 0 };
  return { index: best.index, lists: best.lists(), size: best.size };
}
