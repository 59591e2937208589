import type { Logger, StaticFiles } from '@teamchat/server';
import { listen, staticFolder, webAppFolder, type RunningServer } from '@teamchat/server/node';
import { createMock, type MockOptions, type TeamchatMock } from '../create-mock.js';
import { controlRequest } from './control-routes.js';
import { FaultQueue } from './fault-queue.js';

/** Options of {@link startMockServer}. */
export interface MockServerOptions extends Omit<MockOptions, 'baseUrl' | 'webApp'> {
  port?: number;
  host?: string;
  /**
   * The web app's files, served at `/` (the inspector at `/inspector/`): by default those of
   * the installed `@teamchat/web`, when built; `false` for none.
   */
  webApp?: StaticFiles | false;
  /** Where the request log goes (one line per request, as the server logs: method, path, status, ms). */
  log?: Logger;
}

/** The mock served over HTTP. */
export interface MockServer {
  mock: TeamchatMock;
  /** `http://host:port`: the `site` of clients. */
  url: string;
  /** Whether the web app is served at `/` (its files were given, or `@teamchat/web` is built). */
  webApp: boolean;
  close(): Promise<void>;
}

/**
 * Serves the mock over HTTP: the API at `/api/v1` (and `/json/` for the web app, which it serves
 * at `/` when built), plus control routes under `/__mock/` for QA who drive it with curl or
 * another language: `GET /__mock/` lists them (accounts, requests, events, emails, fixture,
 * reset, clock, configure, expire_event_queues, faults). A bad request to one is a 400 naming
 * what is wrong.
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const port = options.port ?? 0;
  const host = options.host ?? '127.0.0.1';
  // The organization's URL must be the address clients use; it is known once listening.
  let ready: { mock: TeamchatMock; faults: FaultQueue } | undefined;
  const running: RunningServer = await listen({
    port,
    host,
    ...(options.log ? { log: options.log, logRequests: true } : {}),
    handler: async (request) => {
      if (!ready) return new Response('starting', { status: 503 });
      const { mock, faults } = ready;
      const path = new URL(request.url).pathname;
      if (path === '/__mock') return controlRequest(mock, faults, request, '');
      if (path.startsWith('/__mock/')) return controlRequest(mock, faults, request, path.slice('/__mock/'.length));
      return faults.apply(request, () => mock.fetch(request));
    },
  });
  try {
    const { webApp: webOption, log: _log, ...mockOptions } = options;
    const folder = webOption === undefined ? webAppFolder() : null;
    const webApp =
      webOption === false ? undefined : (webOption ?? (folder === null ? undefined : staticFolder(folder)));
    const mock = await createMock({
      ...mockOptions,
      baseUrl: running.url,
      ...(webApp === undefined ? {} : { webApp }),
    });
    ready = { mock, faults: new FaultQueue(mock.core.endpoints.values()) };
    return { mock, url: running.url, webApp: webApp !== undefined, close: () => running.close() };
  } catch (error) {
    await running.close();
    throw error;
  }
}
