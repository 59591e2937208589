import { channelOf, dmOf, topicOf, type Term } from '../narrow/narrow.js';
import { searchOfNarrow } from '../narrow/search-syntax.js';
import { route } from '../state/navigation.js';
import { channelsById, current, me, names, usersById } from '../state/store.js';
import { typing, typingIn, typingKey } from '../state/typing.js';
import { ComposeBox } from './compose-box.js';
import { MessageContent } from './message-content.js';
import { MessageList } from './message-list.js';

/** What the list shows, in words: `#general › deploys`, `Starred messages`, `Search: …`. */
export function describeNarrow(terms: readonly Term[]): string {
  if (terms.length === 0) return 'Combined feed';
  const channel = channelOf(terms);
  const topic = topicOf(terms);
  const dm = dmOf(terms);
  const plain = terms.every((t) => !t.negated && (t.operator === 'channel' || t.operator === 'topic'));
  if (plain && channel !== undefined)
    return `#${names.channelName(channel) ?? channel}${topic !== undefined ? ` › ${topic}` : ''}`;
  if (terms.length === 1 && dm) {
    const others = dm.filter((id) => id !== me.value);
    return others.length === 0
      ? 'Messages to yourself'
      : `Direct messages with ${others.map((id) => names.userName(id) ?? id).join(', ')}`;
  }
  if (terms.length === 1 && terms[0]?.operator === 'is') {
    const views: Record<string, string> = {
      starred: 'Starred messages',
      mentioned: 'Mentions',
      unread: 'Unread messages',
      dm: 'Direct messages',
    };
    const view = views[String(terms[0].operand)];
    if (view) return view;
  }
  if (terms.length === 1 && terms[0]?.operator === 'sender' && typeof terms[0].operand === 'number')
    return `Messages from ${names.userName(terms[0].operand) ?? 'a user'}`;
  return `Search: ${searchOfNarrow(terms, names)}`;
}

function TypingNotice({ terms }: { terms: readonly Term[] }) {
  void typing.value;
  const channel = channelOf(terms);
  const topic = topicOf(terms);
  const dm = dmOf(terms);
  let key: string | undefined;
  if (channel !== undefined && topic !== undefined) key = typingKey({ channel, topic });
  else if (dm) key = typingKey({ dm: [...new Set([...dm, me.value])] });
  const who = key === undefined ? [] : typingIn(key).map((id) => usersById.value.get(id)?.full_name ?? 'Someone');
  return (
    <div class="typing-notice" aria-live="polite">
      {who.length === 0 ? '' : `${who.join(', ')} ${who.length === 1 ? 'is' : 'are'} typing…`}
    </div>
  );
}

/** The middle: what the narrow is, its messages, who is typing, and the compose box. */
export function MessagePane() {
  const r = route.value;
  const terms = r.kind === 'narrow' ? r.terms : [];
  const channel = channelOf(terms);
  const description = channel !== undefined ? channelsById.value.get(channel)?.rendered_description : undefined;
  void current();
  return (
    <main class="message-pane" aria-labelledby="narrow-title">
      <div class="narrow-bar">
        <h1 id="narrow-title" class="narrow-title">
          {describeNarrow(terms)}
        </h1>
        {description && (
          <span class="narrow-description">
            <MessageContent html={description} inline />
          </span>
        )}
      </div>
      <MessageList />
      <TypingNotice terms={terms} />
      <ComposeBox />
    </main>
  );
}
