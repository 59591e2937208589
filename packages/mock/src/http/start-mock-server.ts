import type { StaticFiles } from '@teamchat/server';
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
}

/** The mock served over HTTP. */
export interface MockServer {
  mock: TeamchatMock;
  /** `http://host:port`: the `site` of clients. */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves the mock over HTTP: the API at `/api/v1`, plus control routes under `/__mock/`
 * (`GET accounts`, `GET emails` (the email outbox, `to` and `last`), `GET fixture` (the current state as a fixture, no envelope), `POST fixture` (a JSON
 * fixture body becomes the seeded state), `POST reset`, `POST clock` with `advance_ms` or `set_ms`, `POST configure`
 * with a JSON body of server settings, `POST expire_event_queues`, `POST faults` with a JSON
 * body `{ kind: 'latency'|'network_error'|'server_error'|'rate_limit', endpoint?, times?, ms?,
 * status?, retry_after? }`, checked: a bad definition is a 400 naming it) for QA who drive it
 * with curl or another language.
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const port = options.port ?? 0;
  const host = options.host ?? '127.0.0.1';
  // The organization's URL must be the address clients use; it is known once listening.
  let ready: { mock: TeamchatMock; faults: FaultQueue } | undefined;
  const running: RunningServer = await listen({
    port,
    host,
    handler: async (request) => {
      if (!ready) return new Response('starting', { status: 503 });
      const { mock, faults } = ready;
      const path = new URL(request.url).pathname;
      if (path.startsWith('/__mock/')) return controlRequest(mock, faults, request, path.slice('/__mock/'.length));
      return faults.apply(request, () => mock.fetch(request));
    },
  });
  try {
    const { webApp: webOption, ...mockOptions } = options;
    const folder = webOption === undefined ? webAppFolder() : null;
    const webApp = webOption === false ? undefined : (webOption ?? (folder === null ? undefined : staticFolder(folder)));
    const mock = await createMock({ ...mockOptions, baseUrl: running.url, ...(webApp === undefined ? {} : { webApp }) });
    ready = { mock, faults: new FaultQueue(mock.core.endpoints.values()) };
    return { mock, url: running.url, close: () => running.close() };
  } catch (error) {
    await running.close();
    throw error;
  }
}
