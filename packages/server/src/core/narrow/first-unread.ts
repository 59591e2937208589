import type { Context } from '../runtime/context.js';
import { unreadIds } from '../model/message-flags.js';
import type { MessageRecord } from '../model/records/messages.js';
import { lowerBound } from '../model/sorted-ids.js';
import { LARGER_THAN_MAX_MESSAGE_ID } from './anchor.js';
import { idsAscending } from './id-walk.js';
import type { ParsedNarrow } from './narrow-term.js';
import type { CandidateSource } from './select-candidates.js';
import { TopicVisibility } from './topic-visibility.js';

type Ctx = Pick<Context, 'db' | 'indexes'>;

/**
 * The `first_unread` anchor: the oldest unread message of the narrow that no muting hides
 * (inside a channel narrow only that channel's muted topics count), or 10^16 when there is
 * none (always for spectators). Walks whichever is smaller: the viewer's unread IDs or the
 * narrow's candidates.
 *
 * @see https://zulip.com/api/get-messages (anchor parsing)
 */
export function firstUnreadAnchor(
  ctx: Ctx,
  parsed: ParsedNarrow,
  candidates: CandidateSource,
  inNarrow: (id: number) => MessageRecord | null,
): number {
  const viewer = parsed.viewer;
  const unread = viewer ? unreadIds(ctx, viewer.id) : undefined;
  if (!viewer || !unread || unread.length === 0) return LARGER_THAN_MAX_MESSAGE_ID;
  const visibility = TopicVisibility.of(ctx, viewer);
  const qualifies = (id: number) => {
    const message = inNarrow(id);
    return message !== null && !visibility.isMuted(message, parsed.firstChannelId);
  };
  if (unread.length <= candidates.size) {
    // Ascending: the first that qualifies is the oldest.
    for (const id of unread) if (qualifies(id)) return id;
    return LARGER_THAN_MAX_MESSAGE_ID;
  }
  const isUnread = (id: number) => unread[lowerBound(unread, id)] === id;
  for (const id of idsAscending(candidates.lists, 0)) if (isUnread(id) && qualifies(id)) return id;
  return LARGER_THAN_MAX_MESSAGE_ID;
}
