import { openCompose } from '../state/compose.js';
import { narrowTo } from '../state/navigation.js';
import { presenceOf } from '../state/presence.js';
import { current, me } from '../state/store.js';
import { emojiCharacter } from '../util/format.js';
import { Avatar } from './avatar.js';

const ORDER = { active: 0, idle: 1, offline: 2 } as const;
const LABEL = { active: 'Active', idle: 'Idle', offline: 'Offline' } as const;

/** The right sidebar: people with their presence and status; a click opens a DM. */
export function RightSidebar() {
  const state = current();
  const people = state.realm_users
    .filter((u) => u.is_active && !u.is_bot)
    .map((user) => ({
      user,
      presence: presenceOf(state.presences[String(user.user_id)]),
      status: state.user_status[String(user.user_id)],
    }))
    .sort((a, b) => ORDER[a.presence] - ORDER[b.presence] || a.user.full_name.localeCompare(b.user.full_name));
  return (
    <aside class="right-sidebar" aria-label="People">
      <h2 class="sidebar-heading">People</h2>
      <ul class="user-list">
        {people.map(({ user, presence, status }) => {
          const away = status?.away === true;
          const shown = away && presence === 'active' ? 'idle' : presence;
          const statusText = [
            status?.emoji_code && status.reaction_type === 'unicode_emoji' ? emojiCharacter(status.emoji_code) : '',
            status?.status_text ?? '',
          ]
            .join(' ')
            .trim();
          return (
            <li key={user.user_id}>
              <button
                type="button"
                class="user-button"
                title={`${user.full_name} (${user.email}) — ${LABEL[shown]}${statusText ? `: ${statusText}` : ''}. Click to send a direct message.`}
                onClick={() => {
                  const to = user.user_id === me.value ? [me.value] : [user.user_id];
                  narrowTo([{ operator: 'dm', operand: to }]);
                  openCompose({ kind: 'private', to });
                }}
              >
                <span class="avatar-wrap">
                  <Avatar userId={user.user_id} name={user.full_name} url={user.avatar_url} size={28} />
                  <span class={`presence-dot ${shown}`} role="img" aria-label={LABEL[shown]} />
                </span>
                <span class="user-names">
                  <span class="user-name">
                    {user.full_name}
                    {user.user_id === me.value && <span class="muted"> (you)</span>}
                  </span>
                  {statusText && <span class="user-status">{statusText}</span>}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </aside>
  );
}
