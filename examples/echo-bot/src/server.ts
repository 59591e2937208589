import { createMemoryServer } from '@teamchat/server';
import { listen } from '@teamchat/server/node';

/** A reference server with the demo organization (it has a generic bot), in memory. */
export async function startServer() {
  const { core, handler, accounts } = await createMemoryServer();
  const running = await listen({ handler });
  core.services.config.realmUrl = running.url;
  return { url: running.url, accounts, close: () => running.close() };
}
