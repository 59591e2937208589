import { useEffect, useState } from 'preact/hooks';
import { errorText } from '../api/client.js';
import { markUnreachable, retryNow } from '../state/connection.js';
import { runEventLoop } from '../state/event-loop.js';
import { route, syncRoute } from '../state/navigation.js';
import { syncClock } from '../state/permissions.js';
import { startPresence } from '../state/presence.js';
import { registered, version } from '../state/store.js';
import { unreadCounts } from '../state/unread-counts.js';
import { AdminView } from './admin-view.js';
import { ConnectionBanner } from './banner.js';
import { Header } from './header.js';
import { onGlobalKey } from './keyboard.js';
import { LeftSidebar } from './left-sidebar.js';
import { MessagePane } from './message-pane.js';
import { RightSidebar } from './right-sidebar.js';
import { SettingsView } from './settings-view.js';
import { ShortcutsHelp } from './shortcuts-help.js';
import { applyTheme } from './theme.js';
import { Toasts } from './toast.js';

/** The chat client at `/`: registers, then shows the organization and keeps it live. */
export function ChatApp() {
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let first = true;
    runEventLoop(() => {
      const state = registered.value;
      if (state) {
        syncClock(state.server_timestamp);
        applyTheme(state.user_settings.color_scheme);
      }
      if (first) {
        first = false;
        syncRoute();
        startPresence();
      }
    }).catch((error: unknown) => setFailure(errorText(error)));
    // The browser knows first when the network is gone, and when it is back.
    const offline = () => markUnreachable('the browser is offline');
    const online = () => retryNow();
    window.addEventListener('hashchange', syncRoute);
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    document.addEventListener('keydown', onGlobalKey);
    return () => {
      window.removeEventListener('hashchange', syncRoute);
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      document.removeEventListener('keydown', onGlobalKey);
    };
  }, []);

  // The colour scheme follows the setting (an event from another tab too).
  void version.value;
  const state = registered.value;
  useEffect(() => {
    if (state) applyTheme(state.user_settings.color_scheme);
  }, [state?.user_settings.color_scheme]);
  // The tab says how many messages are unread, as the real web app's does.
  const unread = state ? unreadCounts.value.total : 0;
  useEffect(() => {
    if (state) document.title = `${unread > 0 ? `(${unread}) ` : ''}${state.realm_name} · teamchat`;
  }, [unread, state?.realm_name]);

  if (failure) {
    return (
      <div class="splash" role="alert">
        <p>The app stopped: {failure}</p>
        <button type="button" class="button primary" onClick={() => location.reload()}>
          Reload
        </button>
      </div>
    );
  }
  if (!state) {
    return (
      <div class="splash" role="status">
        <span class="brand-mark large" aria-hidden="true" />
        <p>Loading…</p>
        <ConnectionBanner />
      </div>
    );
  }
  const r = route.value;
  return (
    <div class="app">
      <a
        class="skip-link"
        href="#narrow-title"
        onClick={(e) => (e.preventDefault(), document.querySelector<HTMLElement>('.message-scroller')?.focus())}
      >
        Skip to the messages
      </a>
      <Header />
      <ConnectionBanner />
      <div class="columns">
        <LeftSidebar />
        {r.kind === 'settings' ? <SettingsView /> : r.kind === 'organization' ? <AdminView /> : <MessagePane />}
        <RightSidebar />
      </div>
      <Toasts />
      <ShortcutsHelp />
    </div>
  );
}
