import { createMemoryServer } from '@teamchat/server';
import { listen } from '@teamchat/server/node';

/** A reference server with the demo organization, in memory, on a free loopback port. */
export async function startServer() {
  const { core, handler, accounts } = await createMemoryServer();
  const running = await listen({ handler });
  // Links the server generates (avatars, dummy emails) use the address it listens on.
  core.services.config.realmUrl = running.url;
  return { url: running.url, accounts, close: () => running.close() };
}
