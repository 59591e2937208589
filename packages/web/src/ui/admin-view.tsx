import { useEffect, useState } from 'preact/hooks';
import { client, errorText } from '../api/client.js';
import { current, me } from '../state/store.js';
import type { User } from '../state/types.js';
import { fullTimeOf } from '../util/format.js';
import { Avatar } from './avatar.js';
import { showError } from './toast.js';

/** Roles by their API value (https://zulip.com/api/roles-and-permissions). */
const ROLES = [
  { value: 100, label: 'Owner' },
  { value: 200, label: 'Administrator' },
  { value: 300, label: 'Moderator' },
  { value: 400, label: 'Member' },
  { value: 600, label: 'Guest' },
] as const;

interface Delivery {
  id: number;
  bot_id: number;
  message_id: number;
  url: string;
  status: string;
  attempts: number;
  created_at: number;
  last_status: number | null;
  last_error: string | null;
}

function UserRow({ user }: { user: User }) {
  const [confirming, setConfirming] = useState(false);
  const isMe = user.user_id === me.value;
  const ownerOnly = user.role === 100 && !current().is_owner;
  return (
    <tr>
      <td>
        <span class="user-cell">
          <Avatar userId={user.user_id} name={user.full_name} url={user.avatar_url} size={24} />
          {user.full_name}
        </span>
      </td>
      <td>{user.email}</td>
      <td>
        <select
          class="select"
          aria-label={`Role of ${user.full_name}`}
          value={String(user.role)}
          disabled={isMe || ownerOnly}
          onChange={async (e) => {
            const role = Number(e.currentTarget.value);
            try {
              await client.users.update({ user_id: user.user_id, role } as never);
            } catch (error) {
              showError(`Could not change the role of ${user.full_name}: ${errorText(error)}`);
            }
          }}
        >
          {ROLES.filter((r) => r.value !== 100 || current().is_owner || user.role === 100).map((role) => (
            <option key={role.value} value={String(role.value)}>
              {role.label}
            </option>
          ))}
        </select>
      </td>
      <td>
        {isMe ? (
          <span class="muted">you</span>
        ) : confirming ? (
          <span class="inline-confirm">
            <button
              type="button"
              class="button danger"
              ref={(el) => el?.focus()}
              onClick={async () => {
                setConfirming(false);
                try {
                  await client.users.deactivate({ user_id: user.user_id });
                } catch (error) {
                  showError(`Could not deactivate ${user.full_name}: ${errorText(error)}`);
                }
              }}
            >
              Deactivate {user.full_name}
            </button>
            <button type="button" class="button" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </span>
        ) : (
          <button type="button" class="button" disabled={ownerOnly} onClick={() => setConfirming(true)}>
            Deactivate
          </button>
        )}
      </td>
    </tr>
  );
}

function InviteLink() {
  const [role, setRole] = useState(400);
  const [link, setLink] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <section class="card" aria-labelledby="invite-title">
      <h2 id="invite-title">Invitation link</h2>
      <form
        class="form-row"
        onSubmit={async (e) => {
          e.preventDefault();
          setError(null);
          try {
            const answer = await client.invites.createLink({
              invite_as: role,
              invite_expires_in_minutes: 60 * 24 * 7,
              stream_ids: [],
            } as never);
            setLink((answer as { invite_link: string }).invite_link);
          } catch (err) {
            setError(errorText(err));
          }
        }}
      >
        <label for="invite-role">Invite as</label>
        <select
          id="invite-role"
          class="select"
          value={String(role)}
          onChange={(e) => setRole(Number(e.currentTarget.value))}
        >
          {ROLES.filter((r) => r.value !== 100).map((r) => (
            <option key={r.value} value={String(r.value)}>
              {r.label}
            </option>
          ))}
        </select>
        <button type="submit" class="button primary">
          Make a link (valid 7 days)
        </button>
      </form>
      {error && (
        <p class="form-error" role="alert">
          {error}
        </p>
      )}
      {link && (
        <p class="form-ok" role="status">
          Share this link:{' '}
          <input
            class="input invite-link"
            readOnly
            value={link}
            aria-label="Invitation link"
            onFocus={(e) => e.currentTarget.select()}
          />
        </p>
      )}
    </section>
  );
}

function Bots() {
  const bots = current().realm_bots ?? [];
  const [deliveries, setDeliveries] = useState<Delivery[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    client.outgoingWebhooks
      .deliveries({ limit: 100 })
      .then((answer) => setDeliveries((answer as unknown as { deliveries: Delivery[] }).deliveries))
      .catch((e: unknown) => setError(errorText(e)));
  }, [bots.length]);
  const BOT_TYPES: Record<number, string> = {
    1: 'Generic',
    2: 'Incoming webhook',
    3: 'Outgoing webhook',
    4: 'Embedded',
  };
  return (
    <section class="card" aria-labelledby="bots-title">
      <h2 id="bots-title">Bots</h2>
      {bots.length === 0 ? (
        <p class="muted">No bots yet.</p>
      ) : (
        <ul class="bot-list">
          {bots.map((bot) => {
            const mine = (deliveries ?? []).filter((d) => d.bot_id === bot.user_id);
            return (
              <li key={bot.user_id} class="bot">
                <div class="bot-head">
                  <strong>{bot.full_name}</strong> <span class="muted">{bot.email}</span>{' '}
                  <span class="badge">{BOT_TYPES[bot.bot_type] ?? `type ${bot.bot_type}`}</span>
                  {bot.services?.[0]?.base_url && <span class="muted"> → {bot.services[0].base_url}</span>}
                </div>
                {bot.bot_type === 3 && (
                  <table class="table compact">
                    <caption>Outgoing-webhook deliveries</caption>
                    <thead>
                      <tr>
                        <th scope="col">When</th>
                        <th scope="col">Message</th>
                        <th scope="col">Status</th>
                        <th scope="col">Attempts</th>
                        <th scope="col">Answer</th>
                      </tr>
                    </thead>
                    <tbody>
                      {mine.length === 0 && (
                        <tr>
                          <td colSpan={5} class="muted">
                            {deliveries === null ? 'Loading…' : 'No deliveries yet.'}
                          </td>
                        </tr>
                      )}
                      {mine.map((d) => (
                        <tr key={d.id}>
                          <td>{fullTimeOf(d.created_at)}</td>
                          <td>#{d.message_id}</td>
                          <td>
                            <span class={`status status-${d.status}`}>{d.status}</span>
                          </td>
                          <td>{d.attempts}</td>
                          <td>{d.last_status ?? d.last_error ?? '—'}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {error && (
        <p class="form-error" role="alert">
          Deliveries: {error}
        </p>
      )}
    </section>
  );
}

/** The administrator's page: users and their roles, deactivation, invitation links, bots and their webhook deliveries. */
export function AdminView() {
  const state = current();
  if (!state.is_admin) {
    return (
      <main class="page">
        <h1>Organization</h1>
        <p>Only administrators manage the organization.</p>
      </main>
    );
  }
  const users = state.realm_users.filter((u) => !u.is_bot).sort((a, b) => a.full_name.localeCompare(b.full_name));
  return (
    <main class="page" aria-labelledby="admin-title">
      <h1 id="admin-title">Organization: {state.realm_name}</h1>
      <section class="card" aria-labelledby="users-title">
        <h2 id="users-title">Users</h2>
        <table class="table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <UserRow key={user.user_id} user={user} />
            ))}
          </tbody>
        </table>
        {(state.realm_non_active_users ?? []).length > 0 && (
          <p class="hint">Deactivated: {(state.realm_non_active_users ?? []).map((u) => u.full_name).join(', ')}</p>
        )}
      </section>
      <InviteLink />
      <Bots />
    </main>
  );
}
