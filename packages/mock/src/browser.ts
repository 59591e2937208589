/**
 * @module @teamchat/mock/browser
 * The mock in a browser, through MSW's service worker.
 */
import { setupWorker, type SetupWorker } from 'msw/browser';
import { createMock, type MockOptions, type TeamchatMock } from './create-mock.js';

/**
 * Creates the mock and an MSW worker for it; call `worker.start()` (MSW's
 * `mockServiceWorker.js` must be served, see `npx msw init`).
 */
export async function setupMockWorker(options: MockOptions = {}): Promise<{ mock: TeamchatMock; worker: SetupWorker }> {
  const mock = await createMock(options);
  return { mock, worker: setupWorker(...mock.handlers) };
}
