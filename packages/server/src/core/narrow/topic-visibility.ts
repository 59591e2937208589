import type { Context } from '../runtime/context.js';
import type { UserRecord } from '../model/records/users.js';
import type { MessageRecord } from '../model/records/messages.js';
import { topicKey } from '../model/message-index.js';

/** Visibility policies of the `user_topics` collection. */
export const VISIBILITY_POLICY = { inherit: 0, muted: 1, unmuted: 2, followed: 3 } as const;

type Ctx = Pick<Context, 'db' | 'indexes'>;

/**
 * One user's topic visibility: policies per topic and the channels they muted. Built once per
 * request from `user_topics` and the user's subscriptions.
 */
export class TopicVisibility {
  private constructor(
    private readonly policies: ReadonlyMap<string, number>,
    private readonly mutedChannels: ReadonlySet<number>,
  ) {}

  /** The visibility of `user` (nothing muted or followed for a spectator). */
  static of(ctx: Ctx, user: UserRecord | null): TopicVisibility {
    const policies = new Map<string, number>();
    const muted = new Set<number>();
    if (user) {
      for (const row of ctx.db.all('user_topics')) {
        if (row.user_id === user.id && row.visibility_policy !== VISIBILITY_POLICY.inherit) {
          policies.set(topicKey(row.stream_id, row.topic_name), row.visibility_policy);
        }
      }
      for (const sub of ctx.indexes.subscriptionsByUser.get(user.id)?.values() ?? [])
        if (sub.is_muted) muted.add(sub.stream_id);
    }
    return new TopicVisibility(policies, muted);
  }

  /** The policy of the message's topic (0 for direct messages and topics without one). */
  policy(message: MessageRecord): number {
    if (message.stream_id === null) return VISIBILITY_POLICY.inherit;
    return this.policies.get(topicKey(message.stream_id, message.topic)) ?? VISIBILITY_POLICY.inherit;
  }

  /** Whether the message's topic is followed. */
  isFollowed(message: MessageRecord): boolean {
    return this.policy(message) === VISIBILITY_POLICY.followed;
  }

  /**
   * Whether a muting condition hides the message: a muted topic, or a muted channel whose topic
   * is not unmuted or followed. `withinChannel` (a narrow's channel) limits topic mutes to that
   * channel and ignores channel mutes, since a channel view shows a muted channel's messages.
   */
  isMuted(message: MessageRecord, withinChannel: number | null = null): boolean {
    if (message.stream_id === null) return false;
    const policy = this.policy(message);
    if (policy === VISIBILITY_POLICY.muted) return withinChannel === null || message.stream_id === withinChannel;
    if (withinChannel !== null) return false;
    return (
      this.mutedChannels.has(message.stream_id) &&
      policy !== VISIBILITY_POLICY.unmuted &&
      policy !== VISIBILITY_POLICY.followed
    );
  }
}
