#!/usr/bin/env node
// The mock's row (`npm run bench -- --mock`): the cost of one call through the SDK and the MSW
// mock, in this process, against a plain MSW handler answering the same JSON. Run as a child of
// the harness (run.mjs): `node bench/mock-bench.mjs DURATION ROUNDS WARMUP` prints the result as
// JSON. Both sides are the same client (`createClient`, real fetch intercepted by `setupServer`)
// calling `users.me()` one call after the other, as a QA suite does; only the handlers differ:
// `mock.handlers` (the server core on a memory store) or one `http.get` answering the bytes the
// mock answered. Rounds alternate (plain, mock, mock, plain, …) so drift hits both alike.
import { createClient } from '@teamchat/client-sdk';
import { createMock } from '@teamchat/mock';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

const PLAIN_SITE = 'http://plain.test';

/** Calls `call` one after the other for `seconds`; calls, wall and CPU milliseconds. */
async function run(call, seconds) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let calls = 0;
  while (performance.now() < deadline) {
    // 50 calls between clock reads: the read is not free next to a call of a few 100 µs.
    for (let i = 0; i < 50; i += 1) await call();
    calls += 50;
  }
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { calls, wallMs, cpuMs: (used.user + used.system) / 1000 };
}

function summary(runs) {
  const calls = runs.reduce((sum, r) => sum + r.calls, 0);
  const wallMs = runs.reduce((sum, r) => sum + r.wallMs, 0);
  const cpuMs = runs.reduce((sum, r) => sum + r.cpuMs, 0);
  return { calls, perSecond: (calls / wallMs) * 1000, msPerCall: wallMs / calls, cpuMsPerCall: cpuMs / calls };
}

async function main([durationText = '5', roundsText = '2', warmupText = '2']) {
  const [duration, rounds, warmup] = [Number(durationText), Number(roundsText), Number(warmupText)];
  const mock = await createMock();
  const options = mock.clientOptions('owner');
  const server = setupServer(...mock.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  try {
    // The bytes the plain handler answers: the mock's own answer.
    const captured = await fetch(`${mock.baseUrl}/api/v1/users/me`, {
      headers: { authorization: `Basic ${btoa(`${options.email}:${options.apiKey}`)}` },
    });
    if (!captured.ok) throw new Error(`the mock answered ${captured.status} to GET /users/me`);
    const body = await captured.text();
    const plainHandler = http.get(
      `${PLAIN_SITE}/api/v1/users/me`,
      () => new HttpResponse(body, { headers: { 'content-type': 'application/json' } }),
    );
    const sides = {
      mock: { handlers: mock.handlers, client: createClient(options), runs: [] },
      plain: { handlers: [plainHandler], client: createClient({ ...options, site: PLAIN_SITE }), runs: [] },
    };
    const expected = JSON.parse(body).user_id;
    const measure = async (side, seconds) => {
      server.resetHandlers(...side.handlers);
      const me = await side.client.users.me();
      if (me.user_id !== expected) throw new Error(`users.me() answered user ${me.user_id}, not ${expected}`);
      return run(() => side.client.users.me(), seconds);
    };
    await measure(sides.plain, warmup);
    await measure(sides.mock, warmup);
    for (let round = 0; round < rounds; round += 1) {
      const order = round % 2 === 0 ? ['plain', 'mock'] : ['mock', 'plain'];
      for (const name of order) {
        const result = await measure(sides[name], duration);
        sides[name].runs.push(result);
        process.stderr.write(
          `[bench] mock: round ${round + 1}/${rounds} ${name}: ${Math.round((result.calls / result.wallMs) * 1000)} calls/s\n`,
        );
      }
    }
    const [mockSide, plainSide] = [summary(sides.mock.runs), summary(sides.plain.runs)];
    process.stdout.write(
      `${JSON.stringify({ mock: mockSide, plain: plainSide, ratio: mockSide.perSecond / plainSide.perSecond, responseBytes: Buffer.byteLength(body) })}\n`,
    );
  } finally {
    server.close();
  }
}

main(process.argv.slice(2)).catch((error) => {
  process.stderr.write(`[bench] mock: ${error.stack ?? error.message}\n`);
  process.exitCode = 1;
});
