import { useEffect, useRef, useState } from 'preact/hooks';
import { errorText, postForm } from '../api/client.js';
import { goTo, sidebarOpen } from '../state/navigation.js';
import { current, isAdmin } from '../state/store.js';
import { Avatar } from './avatar.js';
import { SearchBox } from './search-box.js';
import { saveTheme } from './theme.js';
import { showError } from './toast.js';
import { showShortcuts } from './shortcuts-help.js';

/** Ends the session on the server (POST /accounts/logout/) and goes to the login page. */
export async function logOut(): Promise<void> {
  try {
    await postForm('/accounts/logout/', {});
  } catch (error) {
    showError(`Could not log out: ${errorText(error)}`);
    return;
  }
  location.assign('/login/');
}

function UserMenu() {
  const state = current();
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (!menu.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);
  const dark =
    state.user_settings.color_scheme === 2 ||
    (state.user_settings.color_scheme === 1 && matchMedia('(prefers-color-scheme: dark)').matches);
  const item = (label: string, action: () => void, extra: Record<string, string> = {}) => (
    <li role="none">
      <button
        type="button"
        role="menuitem"
        class="menu-item"
        {...extra}
        onClick={() => {
          setOpen(false);
          action();
        }}
      >
        {label}
      </button>
    </li>
  );
  return (
    <div
      class="user-menu"
      ref={menu}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
        }
      }}
    >
      <button
        type="button"
        class="user-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <Avatar userId={state.user_id} name={state.full_name} url={state.avatar_url} size={28} />
        <span class="user-menu-name">{state.full_name}</span>
        <span class="visually-hidden"> menu</span>
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul class="menu" role="menu">
          {item('Personal settings', () => goTo('#settings'))}
          {isAdmin.value && item('Organization', () => goTo('#organization'))}
          {isAdmin.value && item('Inspector', () => location.assign('/inspector/'))}
          {item(
            dark ? 'Light theme' : 'Dark theme',
            () => void saveTheme(dark ? 3 : 2).catch((e: unknown) => showError(errorText(e))),
            { 'data-action': 'toggle-theme' },
          )}
          {item('Keyboard shortcuts', showShortcuts)}
          {item('Log out', () => void logOut(), { 'data-action': 'logout' })}
        </ul>
      )}
    </div>
  );
}

/** The bar at the top: the organization, the search box and the user's menu. */
export function Header() {
  const state = current();
  return (
    <header class="app-header">
      {/* Only on narrow screens (the CSS shows it), where the left sidebar is hidden. */}
      <button
        type="button"
        class="sidebar-toggle"
        aria-controls="left-sidebar"
        aria-expanded={sidebarOpen.value}
        onClick={() => (sidebarOpen.value = !sidebarOpen.value)}
      >
        <span aria-hidden="true">☰</span>
        <span class="visually-hidden">Channels and conversations</span>
      </button>
      <a class="brand" href="#feed" aria-label={`${state.realm_name}: combined feed`}>
        <span class="brand-mark" aria-hidden="true" />
        <span class="brand-name">{state.realm_name}</span>
      </a>
      <SearchBox />
      <UserMenu />
    </header>
  );
}
