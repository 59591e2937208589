import { InspectorView } from '../inspector/inspector-view.js';
import { ChatApp } from './chat-app.js';
import { LoginView } from './login-view.js';

/** The view of the page's path: the server answers the same index.html at each of them. */
export function Root() {
  const path = location.pathname;
  if (path.startsWith('/login') || path.startsWith('/devlogin')) return <LoginView />;
  if (path.startsWith('/inspector')) return <InspectorView />;
  return <ChatApp />;
}
