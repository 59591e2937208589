#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { describeListenError } from '@teamchat/server/node';
import { startMockServer } from './http/start-mock-server.js';
import { integerOption } from './internal/integer-option.js';

const HELP = `Usage: teamchat-mock [--port N] [--host HOST] [--seed N]

Serves the teamchat mock (the team chat API with the reference server's behaviour, in
memory, deterministic) over HTTP, with control routes under /__mock/ (see the README).

  --port N   port to listen on (default 9992; 0 picks a free one)
  --host H   address to listen on (default 127.0.0.1)
  --seed N   seed of the API keys and other random values (default 1)
`;

function fail(message: string): never {
  process.stderr.write(`teamchat-mock: ${message}\n${HELP}`);
  process.exit(1);
}

function readOptions(): { help: boolean; port: number; host?: string; seed?: number } {
  try {
    const { values } = parseArgs({
      options: { port: { type: 'string' }, host: { type: 'string' }, seed: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
    return {
      help: values.help === true,
      port: values.port === undefined ? 9992 : integerOption(values.port, 'port', 65_535),
      ...(values.host ? { host: values.host } : {}),
      ...(values.seed === undefined ? {} : { seed: integerOption(values.seed, 'seed') }),
    };
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
}

const options = readOptions();
if (options.help) {
  process.stdout.write(HELP);
} else {
  const { help: _help, ...serverOptions } = options;
  const server = await startMockServer(serverOptions).catch((error: unknown) => {
    // One line for the operator, never a stack: a system error is the listener's (busy port…).
    const listening = error instanceof Error && 'code' in error;
    const reason = listening ? describeListenError(error, { host: options.host ?? '127.0.0.1', port: options.port }) : `start-up failed: ${String(error instanceof Error ? error.message : error)}`;
    process.stderr.write(`teamchat-mock: ${reason}\n`);
    process.exit(1);
  });
  process.stdout.write(`teamchat-mock listening on ${server.url}\n`);
  for (const account of Object.values(server.mock.accounts)) {
    process.stdout.write(`  ${account.role.padEnd(13)} ${account.email.padEnd(28)} key ${account.apiKey}\n`);
  }
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
