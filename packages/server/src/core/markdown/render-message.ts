import type { DbStore } from '../model/db.js';
import type { UserRecord } from '../model/records/users.js';
import { emptyFacts } from './message-facts.js';
import type { MarkdownEnv } from './markdown-env.js';
import { createMessageMarkdown } from './message-markdown.js';
import { createMessageResolver, type RenderContext } from './message-resolver.js';
import { realmLinkifiers } from './realm-linkifiers.js';
import { RenderCache } from './render-cache.js';

export type { RenderContext };

/** Who renders. */
export interface RenderOptions {
  /** The sender: mentions, channel links and group permissions are resolved as they see them. */
  sender: UserRecord;
}

/** Non-silent mentions of a message (mentions in code and quotes are none). */
export interface MessageMentions {
  /** Users mentioned directly (group members are not expanded here; see `mentionFlags`). */
  userIds: ReadonlySet<number>;
  /** Groups mentioned by a sender allowed to mention them. */
  groupIds: ReadonlySet<number>;
  /** `@**all**`, `@**everyone**`, `@**channel**`, `@**stream**`. */
  streamWildcard: boolean;
  /** `@**topic**`. */
  topicWildcard: boolean;
}

/**
 * A rendered message and what the server stores and derives from it. Shared by every
 * rendering of the same content that the cache serves: read it, never change it.
 */
export interface RenderedMessage {
  html: string;
  /** Content starting with `/me `. */
  isMeMessage: boolean;
  mentions: MessageMentions;
  /**
   * Groups mentioned non-silently although the sender may not mention them (they render
   * silently). The real server refuses such a message: `You are not allowed to mention user
   * group '{name}'.`
   */
  deniedGroupIds: ReadonlySet<number>;
  hasLink: boolean;
  hasImage: boolean;
  /** Whether the message links to uploads of the organization (see `uploadPathIds`). */
  hasAttachment: boolean;
  /** Path IDs of the linked uploads (`2/ab/cdef/file.png`), for claiming attachments. */
  uploadPathIds: readonly string[];
}

const md = createMessageMarkdown();
const caches = new WeakMap<DbStore, RenderCache<RenderedMessage>>();

/**
 * Renders a message's Markdown the way the real server does: its dialect, user and group
 * mentions, wildcards, channel/topic/message links, emoji, the organization's linkifiers;
 * and reports the mentions, links and uploads. The same content rendered again is served
 * from the store's {@link RenderCache} when the organization answers every lookup of the
 * first rendering the same way for this sender.
 *
 * @example
 * const rendered = renderMessage(ctx, 'Hi @**Mike Member**, see #**general**', { sender });
 * rendered.html // '<p>Hi <span class="user-mention" data-user-id="4">@Mike Member</span>, see <a class="stream" …>#general</a></p>'
 * @see https://zulip.com/api/message-formatting
 */
export function renderMessage(ctx: RenderContext, content: string, { sender }: RenderOptions): RenderedMessage {
  const store = ctx.db.store;
  let cache = caches.get(store);
  if (!cache) {
    cache = new RenderCache();
    caches.set(store, cache);
  }
  const linkifiers = realmLinkifiers(ctx);
  const { realmUrl } = ctx.config;
  return cache.render(content, { linkifiers, realmUrl }, createMessageResolver(ctx, sender), (resolver) => {
    const facts = emptyFacts();
    const env: MarkdownEnv = { resolver, linkifiers, realmUrl, facts };
    const html = md.render(content, env).trimEnd();
    return {
      html,
      isMeMessage: content.startsWith('/me '),
      mentions: {
        userIds: facts.userIds,
        groupIds: facts.groupIds,
        streamWildcard: facts.streamWildcard,
        topicWildcard: facts.topicWildcard,
      },
      deniedGroupIds: facts.deniedGroupIds,
      hasLink: facts.hasLink,
      hasImage: facts.hasImage,
      hasAttachment: facts.uploadPathIds.length > 0,
      uploadPathIds: facts.uploadPathIds,
    };
  });
}
