/**
 * @module @teamchat/mock/node
 * The mock in Node: MSW's `setupServer` for tests, and the same mock over HTTP for QA who do
 * not write JavaScript.
 */
import { setupServer, type SetupServer } from 'msw/node';
import { createMock, type MockOptions, type TeamchatMock } from './create-mock.js';

export { startMockServer } from './http/start-mock-server.js';
export type { MockServer, MockServerOptions } from './http/start-mock-server.js';

/**
 * Creates the mock and an MSW server for it (not listening yet).
 *
 * @example
 * const { mock, server } = await setupMockServer();
 * beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
 * afterEach(() => { server.resetHandlers(); mock.reset(); });
 * afterAll(() => server.close());
 */
export async function setupMockServer(options: MockOptions = {}): Promise<{ mock: TeamchatMock; server: SetupServer }> {
  const mock = await createMock(options);
  return { mock, server: setupServer(...mock.handlers) };
}
