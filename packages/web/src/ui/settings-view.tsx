import { useRef, useState } from 'preact/hooks';
import { client, errorText } from '../api/client.js';
import { current } from '../state/store.js';
import { Avatar } from './avatar.js';
import { COLOR_SCHEMES, saveTheme } from './theme.js';

/** A form's status line: saved, or the server's error. */
function useStatus() {
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const run = async (action: () => Promise<unknown>, done: string) => {
    setStatus(null);
    try {
      await action();
      setStatus({ ok: true, text: done });
    } catch (error) {
      setStatus({ ok: false, text: errorText(error) });
    }
  };
  const line = status && (
    <p class={status.ok ? 'form-ok' : 'form-error'} role={status.ok ? 'status' : 'alert'}>
      {status.text}
    </p>
  );
  return { run, line };
}

/** Personal settings: name, avatar, theme. */
export function SettingsView() {
  const state = current();
  const [name, setName] = useState(state.full_name);
  const nameStatus = useStatus();
  const avatarStatus = useStatus();
  const themeStatus = useStatus();
  const avatarInput = useRef<HTMLInputElement>(null);
  // The new avatar shows when the server's `realm_user` event comes back (as everywhere else).
  const uploadAvatar = (file: File) =>
    void avatarStatus.run(() => client.settings.uploadAvatar({ file }), 'Avatar uploaded.');
  return (
    <main class="page" aria-labelledby="settings-title">
      <h1 id="settings-title">Personal settings</h1>
      <section class="card" aria-labelledby="profile-title">
        <h2 id="profile-title">Profile</h2>
        <form
          class="form-row"
          onSubmit={(e) => {
            e.preventDefault();
            void nameStatus.run(() => client.settings.update({ full_name: name } as never), 'Name saved.');
          }}
        >
          <label for="settings-name">Name</label>
          <input
            id="settings-name"
            class="input"
            value={name}
            maxLength={100}
            onInput={(e) => setName(e.currentTarget.value)}
          />
          <button type="submit" class="button primary">
            Save name
          </button>
        </form>
        {nameStatus.line}
        <div class="form-row">
          <span class="label">Avatar</span>
          <Avatar userId={state.user_id} name={state.full_name} url={state.avatar_url} size={56} />
          <input
            ref={avatarInput}
            id="settings-avatar-file"
            type="file"
            accept="image/png,image/gif,image/jpeg,image/webp"
            class="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (file) uploadAvatar(file);
            }}
          />
          <button type="button" class="button" onClick={() => avatarInput.current?.click()}>
            Upload new avatar
          </button>
          {state.avatar_source === 'U' && (
            <button
              type="button"
              class="button"
              onClick={() =>
                void avatarStatus.run(() => client.settings.deleteAvatar({}), 'Back to the default avatar.')
              }
            >
              Use the default avatar
            </button>
          )}
        </div>
        {avatarStatus.line}
        <p class="hint">Email: {state.email}</p>
      </section>
      <section class="card" aria-labelledby="theme-title">
        <h2 id="theme-title">Theme</h2>
        <fieldset class="radio-group">
          <legend>Colour scheme</legend>
          {COLOR_SCHEMES.map((scheme) => (
            <label key={scheme.value} class="radio">
              <input
                type="radio"
                name="color-scheme"
                value={String(scheme.value)}
                checked={state.user_settings.color_scheme === scheme.value}
                onChange={() => void themeStatus.run(() => saveTheme(scheme.value), 'Theme saved.')}
              />
              {scheme.label}
            </label>
          ))}
        </fieldset>
        {themeStatus.line}
      </section>
    </main>
  );
}
