import type MarkdownIt from 'markdown-it';
import { createBaseMarkdown } from './base-markdown.js';
import { channelLinks } from './channel-links.js';
import { groupMentions } from './group-mentions.js';
import { linkifiers } from './linkifiers.js';
import { messageFacts } from './message-facts.js';
import { userMentions } from './user-mentions.js';

/**
 * The base dialect plus what messages add: user and group mentions, channel/topic/message
 * links, the organization's linkifiers, and the facts rule. Its data comes in the render's
 * `env` (`MarkdownEnv`), so one instance serves every organization.
 */
export function createMessageMarkdown(): MarkdownIt {
  return createBaseMarkdown().use(userMentions).use(groupMentions).use(channelLinks).use(linkifiers).use(messageFacts);
}
