#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { parseFixture } from '@teamchat/server';
import { consoleLogger, describeListenError, readFixtureFile } from '@teamchat/server/node';
import { startMockServer } from './http/start-mock-server.js';
import { integerOption } from './internal/integer-option.js';

const HELP = `Usage: teamchat-mock [--port N] [--host HOST] [--seed N] [--fixture FILE] [--quiet]

Serves the teamchat mock (the team chat API with the reference server's behaviour, in
memory, deterministic) over HTTP, with control routes under /__mock/ (see the README).

  --port N   port to listen on (default 9992; 0 picks a free one)
  --host H   address to listen on (default 127.0.0.1)
  --seed N   seed of the API keys and other random values (default 1)
  --fixture FILE  start from the organization of a fixture file (JSON, or YAML for
                  .yaml/.yml; the format of teamchat-server --seed) instead of the demo
  --quiet    do not log each request (method, path, status, milliseconds)
`;

function fail(message: string): never {
  process.stderr.write(`teamchat-mock: ${message}\n${HELP}`);
  process.exit(1);
}

function readOptions(): { help: boolean; quiet: boolean; port: number; host?: string; seed?: number; fixtureFile?: string } {
  try {
    const { values } = parseArgs({
      options: { port: { type: 'string' }, host: { type: 'string' }, seed: { type: 'string' }, fixture: { type: 'string' }, quiet: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    });
    return {
      help: values.help === true,
      quiet: values.quiet === true,
      ...(values.fixture === undefined ? {} : { fixtureFile: values.fixture }),
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
  const { help: _help, quiet, fixtureFile, ...serverOptions } = options;
  let fixture;
  try {
    fixture = fixtureFile === undefined ? undefined : parseFixture(await readFixtureFile(fixtureFile));
  } catch (error) {
    // A fixture that cannot be read or is invalid: one line, no help text, no stack.
    process.stderr.write(`teamchat-mock: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  // One line per request on stderr, as teamchat-server logs them (never credentials).
  const server = await startMockServer({ ...serverOptions, ...(fixture ? { fixture } : {}), ...(quiet ? {} : { log: consoleLogger }) }).catch((error: unknown) => {
    // One line for the operator, never a stack: a system error is the listener's (busy port…).
    const listening = error instanceof Error && 'code' in error;
    const reason = listening ? describeListenError(error, { host: options.host ?? '127.0.0.1', port: options.port }) : `start-up failed: ${String(error instanceof Error ? error.message : error)}`;
    process.stderr.write(`teamchat-mock: ${reason}\n`);
    process.exit(1);
  });
  process.stdout.write(`teamchat-mock listening on ${server.url}\n`);
  for (const account of server.mock.accountList) {
    process.stdout.write(`  ${account.role.padEnd(13)} ${account.email.padEnd(28)} key ${account.apiKey}\n`);
  }
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
