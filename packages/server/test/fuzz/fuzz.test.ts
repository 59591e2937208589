import { endpointList } from '@teamchat/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzEndpoints, startFuzzTarget } from './fuzz-server.js';

/** Short in the suite; `npm run fuzz -- --runs 100000` runs the same property longer. */
const RUNS_PER_ENDPOINT = 4;

let target: Awaited<ReturnType<typeof startFuzzTarget>>;
beforeAll(async () => {
  target = await startFuzzTarget();
});
afterAll(() => target.close());

describe('generated bad requests for every contract of the table', () => {
  it('are answered with a JSON error envelope (4xx) or a success, never a 5xx or a hang, and rejected ones change nothing', async () => {
    const report = await fuzzEndpoints({
      url: target.url,
      store: target.store,
      settle: target.settle,
      endpoints: endpointList,
      runsPerEndpoint: RUNS_PER_ENDPOINT,
    });
    expect(report.failures).toEqual([]);
    expect(report.requests).toBeGreaterThan(endpointList.length * RUNS_PER_ENDPOINT * 0.9);
    expect(report.byStatus['5xx']).toBeUndefined();
    // The server is still up and serving.
    expect((await fetch(`${target.url}/health`)).status).toBe(200);
  }, 120_000);
});
