import { useEffect, useState } from 'preact/hooks';
import { errorText, postForm, publicClient } from '../api/client.js';

interface DevAccount {
  email: string;
  full_name?: string;
  role?: number;
}

/** Where to go after logging in: the `next` parameter when it is a path of this site, else `/`. */
function nextPath(): string {
  const next = new URLSearchParams(location.search).get('next');
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

/**
 * The login page (`/login/`): email and password, or with a `--dev` server one click per
 * account (`/devlogin/`), as the real development server offers. A session cookie is all the
 * page gets: no API key.
 */
export function LoginView() {
  const [realm, setRealm] = useState<{ name: string; dev: boolean } | null>(null);
  const [accounts, setAccounts] = useState<{ admins: DevAccount[]; users: DevAccount[] } | null>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    publicClient.server
      .getSettings()
      .then((settings) => {
        const s = settings as { realm_name?: string; authentication_methods?: { dev?: boolean } };
        const dev = s.authentication_methods?.dev === true;
        setRealm({ name: s.realm_name ?? 'teamchat', dev });
        if (!dev) return;
        return fetch('/api/v1/dev_list_users', { headers: { accept: 'application/json' } })
          .then((r) => (r.ok ? r.json() : null))
          .then(
            (body: { direct_admins?: DevAccount[]; direct_users?: DevAccount[] } | null) =>
              body && setAccounts({ admins: body.direct_admins ?? [], users: body.direct_users ?? [] }),
          );
      })
      .catch((e: unknown) => setError(`Cannot reach the server: ${errorText(e)}`));
  }, []);

  const finish = async (path: string, fields: Record<string, string>) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await postForm(path, fields);
      if (answer.ok) {
        location.assign(nextPath());
        return;
      }
      setError(typeof answer.body['msg'] === 'string' ? answer.body['msg'] : `Login failed (${answer.status})`);
    } catch (e) {
      setError(`Cannot reach the server: ${errorText(e)}`);
    }
    setBusy(false);
  };

  const devMode = location.pathname.startsWith('/devlogin') || realm?.dev;
  return (
    <main class="login-page">
      <div class="login-card">
        <div class="login-brand">
          <span class="brand-mark large" aria-hidden="true" />
          <h1>Log in to {realm?.name ?? 'teamchat'}</h1>
        </div>
        <form
          class="login-form"
          onSubmit={(e) => {
            e.preventDefault();
            void finish('/accounts/login/', { username: email, password });
          }}
        >
          <label for="login-email">Email</label>
          <input
            id="login-email"
            class="input"
            type="email"
            autocomplete="username"
            required
            value={email}
            onInput={(e) => setEmail(e.currentTarget.value)}
          />
          <label for="login-password">Password</label>
          <input
            id="login-password"
            class="input"
            type="password"
            autocomplete="current-password"
            required
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
          {error && (
            <p class="form-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" class="button primary wide" disabled={busy}>
            {busy ? 'Logging in…' : 'Log in'}
          </button>
        </form>
        <p class="hint">
          The accounts' passwords are printed by <code>teamchat-server</code> when it creates the organization, and by{' '}
          <code>teamchat-mock</code> when it starts.
        </p>
        {devMode && accounts && (
          <section class="dev-accounts" aria-labelledby="dev-title">
            <h2 id="dev-title">Development server: log in as</h2>
            {[
              ['Administrators', accounts.admins],
              ['Users', accounts.users],
            ].map(([title, list]) => (
              <div key={title as string}>
                <h3>{title as string}</h3>
                <div class="dev-buttons">
                  {(list as DevAccount[]).map((account) => (
                    <button
                      key={account.email}
                      type="button"
                      class="button"
                      disabled={busy}
                      onClick={() => void finish('/accounts/login/local/', { direct_email: account.email })}
                    >
                      {account.full_name ? `${account.full_name}` : account.email}
                      <span class="muted"> {account.email}</span>
                    </button>
                  ))}
                </div>
              </div>
            ))}
          </section>
        )}
      </div>
    </main>
  );
}
