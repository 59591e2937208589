/**
 * @module @teamchat/web
 * The teamchat web app, bundled by `scripts/build.mjs` into `dist/`: the chat client at `/`
 * (login at `/login/`, one-click development accounts at `/devlogin/`) and the inspector at
 * `/inspector/`, picked by the page's path. It talks to the server with the SDK's
 * browser-session mode (the session cookie and `X-CSRFToken` on `/json/…`).
 */
import { h, render } from 'preact';
import './styles/app.css';
import { applyTheme } from './ui/theme.js';
import { Root } from './ui/root.js';

applyTheme(1);
const mount = document.getElementById('app');
if (mount) {
  mount.replaceChildren();
  render(h(Root, null), mount);
}
