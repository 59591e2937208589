// Temporary: PATCH /settings on two builds of the server, interleaved, in one run.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authHeaders, createApi, encodeForm } from './api.mjs';
import { measure } from './measure.mjs';
import { startNode } from './processes.mjs';
import { scenarios } from './scenarios.mjs';

const builds = { main: '/tmp/bench-main/packages/server/dist/bin.js', branch: '/work/wt-store/packages/server/dist/bin.js' };
const settings = { connections: 10, pipelining: 1, duration: 5 };
const patch = scenarios({ messages: 0 }).find((s) => s.name.startsWith('PATCH /settings'));
const servers = {};
const dirs = [];
for (const [name, script] of Object.entries(builds)) {
  const dir = mkdtempSync(join(tmpdir(), `write-compare-${name}-`));
  dirs.push(dir);
  const proc = await startNode({ label: name, script, args: ['--port', '0', '--data', join(dir, 'data.json'), '--quiet', '--rate-limit', 'off'], ready: /listening on (http:\/\/\S+)/ });
  const origin = proc.match[1];
  await new Promise((r) => setTimeout(r, 1000));
  const text = readFileSync(join(dir, 'zuliprc-owner'), 'utf8');
  const owner = { email: /^email=(.*)$/m.exec(text)[1], key: /^key=(.*)$/m.exec(text)[1] };
  await patch.setup(createApi(origin, { owner }));
  servers[name] = { proc, origin, owner, i: 0 };
}
const rps = { main: [], branch: [] };
const cpuPerRequest = { main: [], branch: [] };
const cpu = (pid) => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) / 100; };
let lastCpu = 0;
const run = async (name, seconds) => {
  const s = servers[name];
  const before = cpu(s.proc.pid);
  const request = { method: 'PATCH', path: patch.path, headers: { ...authHeaders(s.owner), 'content-type': 'application/x-www-form-urlencoded' }, setupRequest: (r) => ({ ...r, body: encodeForm(patch.body(s.i++)) }) };
  const result = await measure({ origin: s.origin, request, settings, seconds, histogram: null });
  if (result.ok !== result.requests) throw new Error(`${name}: ${JSON.stringify(result.statusCodes)}`);
  lastCpu = ((cpu(s.proc.pid) - before) * 1e6) / result.ok;
  return result.ok / result.seconds;
};
for (const name of ['main', 'branch']) await run(name, 2);
for (let round = 0; round < 6; round += 1) {
  for (const name of round % 2 ? ['branch', 'main'] : ['main', 'branch']) {
    const value = await run(name, settings.duration);
    rps[name].push(value);
    cpuPerRequest[name].push(lastCpu);
    console.error(`round ${round + 1} ${name}: ${value.toFixed(0)} rps, ${lastCpu.toFixed(0)} CPU µs per request`);
  }
}
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
console.log(JSON.stringify({ rps, medianMain: median(rps.main), medianBranch: median(rps.branch), ratio: median(rps.branch) / median(rps.main), cpuPerRequest, cpuMain: median(cpuPerRequest.main), cpuBranch: median(cpuPerRequest.branch), cpuRatio: median(cpuPerRequest.branch) / median(cpuPerRequest.main) }));
for (const s of Object.values(servers)) await s.proc.stop();
for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
