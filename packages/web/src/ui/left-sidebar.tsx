import { channelOf, dmOf, hashOfNarrow, isView, topicOf, type Term } from '../narrow/narrow.js';
import { route, sidebarOpen } from '../state/navigation.js';
import { current, me, names, usersById } from '../state/store.js';
import { loadTopics, topicsByChannel } from '../state/topics.js';
import { dmKey, topicKey, unreadCounts } from '../state/unread-counts.js';

function Count({ n, label }: { n: number; label: string }) {
  if (n === 0) return null;
  return (
    <span class="unread-count" aria-label={`${n} unread ${label}`}>
      {n}
    </span>
  );
}

/** A link of the sidebar to a narrow (a real link: middle-click and copy work). */
function NarrowLink({
  terms,
  active,
  children,
  class: extra = '',
}: {
  terms: Term[];
  active: boolean;
  children: preact.ComponentChildren;
  class?: string;
}) {
  return (
    <a
      class={`sidebar-link ${extra}${active ? ' active' : ''}`}
      href={hashOfNarrow(terms, names)}
      aria-current={active ? 'page' : undefined}
    >
      {children}
    </a>
  );
}

/** Topics shown under the open channel. */
const TOPICS_SHOWN = 8;

function ChannelTopics({ channelId, activeTopic }: { channelId: number; activeTopic: string | undefined }) {
  loadTopics(channelId);
  const counts = unreadCounts.value;
  const fetched = topicsByChannel.value.get(channelId) ?? [];
  const unreadTopics = current()
    .unread_msgs.streams.filter((entry) => entry.stream_id === channelId)
    .map((entry) => ({ name: entry.topic, max_id: Math.max(...entry.unread_message_ids) }));
  const seen = new Set<string>();
  const topics = [...fetched, ...unreadTopics]
    .filter((t) => !seen.has(t.name.toLowerCase()) && seen.add(t.name.toLowerCase()))
    .sort((a, b) => b.max_id - a.max_id)
    .slice(0, TOPICS_SHOWN);
  if (activeTopic !== undefined && !topics.some((t) => t.name.toLowerCase() === activeTopic.toLowerCase()))
    topics.push({ name: activeTopic, max_id: 0 });
  return (
    <ul class="topic-list" aria-label="Topics">
      {topics.map((topic) => (
        <li key={topic.name}>
          <NarrowLink
            class="topic-link"
            terms={[
              { operator: 'channel', operand: channelId },
              { operator: 'topic', operand: topic.name },
            ]}
            active={activeTopic?.toLowerCase() === topic.name.toLowerCase()}
          >
            <span class="sidebar-label">{topic.name === '' ? <em>general chat</em> : topic.name}</span>
            <Count n={counts.topics.get(topicKey(channelId, topic.name)) ?? 0} label="messages" />
          </NarrowLink>
        </li>
      ))}
    </ul>
  );
}

/** The left sidebar: views, channels with unread counts and their topics, direct messages. */
export function LeftSidebar() {
  const state = current();
  const counts = unreadCounts.value;
  const r = route.value;
  const terms = r.kind === 'narrow' ? r.terms : [];
  const openChannel = channelOf(terms);
  const openTopic = topicOf(terms);
  const openDm = dmOf(terms);
  const channels = [...state.subscriptions].sort(
    (a, b) => Number(b.pin_to_top) - Number(a.pin_to_top) || a.name.localeCompare(b.name),
  );
  const users = usersById.value;
  const conversations = state.recent_private_conversations.slice(0, 10);
  return (
    <nav
      id="left-sidebar"
      class={`left-sidebar${sidebarOpen.value ? ' open' : ''}`}
      aria-label="Channels and conversations"
    >
      <ul class="views">
        <li>
          <NarrowLink terms={[]} active={r.kind === 'narrow' && terms.length === 0}>
            <span class="sidebar-icon" aria-hidden="true">
              ≡
            </span>
            <span class="sidebar-label">Combined feed</span>
            <Count n={counts.total} label="messages" />
          </NarrowLink>
        </li>
        <li>
          <NarrowLink terms={[{ operator: 'is', operand: 'mentioned' }]} active={isView(terms, 'is', 'mentioned')}>
            <span class="sidebar-icon" aria-hidden="true">
              @
            </span>
            <span class="sidebar-label">Mentions</span>
            <Count n={counts.mentions} label="mentions" />
          </NarrowLink>
        </li>
        <li>
          <NarrowLink terms={[{ operator: 'is', operand: 'starred' }]} active={isView(terms, 'is', 'starred')}>
            <span class="sidebar-icon" aria-hidden="true">
              ★
            </span>
            <span class="sidebar-label">Starred messages</span>
            {state.starred_messages.length > 0 && <span class="muted-count">{state.starred_messages.length}</span>}
          </NarrowLink>
        </li>
      </ul>
      <h2 class="sidebar-heading" id="channels-heading">
        Channels
      </h2>
      <ul class="channel-list" aria-labelledby="channels-heading">
        {channels.length === 0 && <li class="sidebar-empty">You are not subscribed to any channel.</li>}
        {channels.map((channel) => (
          <li key={channel.stream_id} class={channel.is_muted ? 'muted' : ''}>
            <NarrowLink
              terms={[{ operator: 'channel', operand: channel.stream_id }]}
              active={openChannel === channel.stream_id && openTopic === undefined}
              class="channel-link"
            >
              <span
                class={`channel-swatch${channel.invite_only ? ' private' : ''}`}
                style={{ background: channel.color }}
                aria-hidden="true"
              />
              <span class="sidebar-label">
                {channel.name}
                {channel.invite_only && <span class="visually-hidden"> (private)</span>}
              </span>
              <Count n={counts.channels.get(channel.stream_id) ?? 0} label="messages" />
            </NarrowLink>
            {openChannel === channel.stream_id && (
              <ChannelTopics channelId={channel.stream_id} activeTopic={openTopic} />
            )}
          </li>
        ))}
      </ul>
      <h2 class="sidebar-heading" id="dms-heading">
        Direct messages
      </h2>
      <ul class="dm-list" aria-labelledby="dms-heading">
        {conversations.length === 0 && <li class="sidebar-empty">No direct messages yet.</li>}
        {conversations.map((conversation) => {
          const others = conversation.user_ids.length === 0 ? [me.value] : conversation.user_ids;
          const key = dmKey(others, me.value);
          const label = others.map((id) => users.get(id)?.full_name ?? 'Unknown user').join(', ');
          const active = openDm !== undefined && dmKey(openDm, me.value) === key;
          return (
            <li key={key}>
              <NarrowLink terms={[{ operator: 'dm', operand: others }]} active={active}>
                <span class="sidebar-label">
                  {others.length === 1 && others[0] === me.value ? `${label} (you)` : label}
                </span>
                <Count n={counts.dms.get(key) ?? 0} label="direct messages" />
              </NarrowLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
