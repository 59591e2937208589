#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { startMockServer } from './http/start-mock-server.js';

const HELP = `Usage: teamchat-mock [--port N] [--host HOST] [--seed N]

Serves the teamchat mock (the team chat API with the reference server's behaviour, in
memory, deterministic) over HTTP, with control routes under /__mock/ (see the README).
`;

const { values } = parseArgs({
  options: { port: { type: 'string' }, host: { type: 'string' }, seed: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
});
if (values.help) {
  process.stdout.write(HELP);
} else {
  const server = await startMockServer({
    port: Number(values.port ?? 9992),
    ...(values.host ? { host: values.host } : {}),
    ...(values.seed ? { seed: Number(values.seed) } : {}),
  });
  process.stdout.write(`teamchat-mock listening on ${server.url}\n`);
  for (const account of Object.values(server.mock.accounts)) {
    process.stdout.write(`  ${account.role.padEnd(13)} ${account.email.padEnd(28)} key ${account.apiKey}\n`);
  }
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
