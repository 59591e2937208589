// `npm run fuzz -- --runs 100000 [--seed N]`: the fuzz suite of `npm test`, longer. The runs are
// spread over the contracts of the table; prints the figures and exits 1 on any failure.
import { parseArgs } from 'node:util';
import { endpointList } from '@teamchat/schema';
import { fuzzEndpoints, startFuzzTarget } from './fuzz-server.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '10000' }, seed: { type: 'string' } } });
const runsPerEndpoint = Math.max(1, Math.ceil(Number(values.runs) / endpointList.length));
const started = performance.now();
const target = await startFuzzTarget();
const report = await fuzzEndpoints({
  url: target.url,
  store: target.store,
  settle: target.settle,
  endpoints: endpointList,
  runsPerEndpoint,
  ...(values.seed === undefined ? {} : { seed: Number(values.seed) }),
});
const alive = (await fetch(`${target.url}/health`)).status === 200;
await target.close();
const seconds = Math.round((performance.now() - started) / 1000);
process.stdout.write(
  `${report.endpoints} contracts × ${runsPerEndpoint} runs: ${report.requests} requests answered (${JSON.stringify(report.byStatus)}), ` +
    `${report.unsendable} not sendable by fetch, ${report.failures.length} failures, server ${alive ? 'alive' : 'DOWN'}, ${seconds} s\n`,
);
for (const failure of report.failures) process.stdout.write(`  ${failure}\n`);
process.exit(report.failures.length === 0 && alive ? 0 : 1);
