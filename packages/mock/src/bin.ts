#!/usr/bin/env node
/**
 * @module @teamchat/mock/bin
 * The `teamchat-mock` executable: the mock over HTTP. Its options are parsed by the command-line
 * kit of `@teamchat/server/node`, as `teamchat-server`'s are.
 */
import { parseFixture } from '@teamchat/server';
import {
  consoleLogger,
  defineCommand,
  describeListenError,
  integerValue,
  listenOptions,
  packageVersion,
  readFixtureFile,
  runCommand,
  stopOnSignals,
} from '@teamchat/server/node';
import { startMockServer } from './http/start-mock-server.js';

const mockCommand = defineCommand({
  name: 'teamchat-mock',
  summary: 'Serves the teamchat mock over HTTP, with control routes under /__mock/ (see the README).',
  description: "The team chat API with the reference server's behaviour, in memory and deterministic.",
  options: {
    ...listenOptions(9992),
    seed: {
      flags: '--seed <n>',
      help: 'seed of the API keys and other random values',
      parse: integerValue(),
      default: 1,
    },
    fixture: {
      flags: '--fixture <file>',
      help: 'start from the organization of a fixture file (JSON, or YAML for .yaml/.yml; the format of teamchat-server --seed) instead of the demo',
    },
    quiet: { flags: '--quiet', help: 'do not log each request (method, path, status, milliseconds)' },
  },
  examples: [
    'teamchat-mock                         # http://127.0.0.1:9992',
    'teamchat-mock --port 0 --seed 7',
    'teamchat-mock --fixture qa-org.yaml',
  ],
  footer: 'Stop it with Ctrl-C or SIGTERM (also through npx).',
  async run({ port, host, seed, fixture: fixtureFile, quiet }) {
    const fixture = fixtureFile === undefined ? undefined : parseFixture(await readFixtureFile(fixtureFile));
    // One line per request on stderr, as teamchat-server logs them (never credentials).
    const server = await startMockServer({
      port,
      host,
      seed,
      ...(fixture ? { fixture } : {}),
      ...(quiet ? {} : { log: consoleLogger }),
    }).catch((error: unknown) => {
      // A system error is the listener's (busy port…).
      const listening = error instanceof Error && 'code' in error;
      throw new Error(
        listening
          ? describeListenError(error, { host, port })
          : `start-up failed: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    });
    process.stdout.write(`teamchat-mock listening on ${server.url}\n`);
    for (const account of server.mock.accountList) {
      process.stdout.write(
        `  ${account.role.padEnd(13)} ${account.email.padEnd(28)} key ${account.apiKey}${account.password ? `  password ${account.password}` : ''}\n`,
      );
    }
    // As teamchat-server says it: where a person opens the web app, and with what.
    process.stdout.write(
      server.webApp
        ? `Web app: open ${server.url}/ and log in with a password above (the inspector at ${server.url}/inspector/)\n`
        : 'Web app: not built (npm run build in packages/web)\n',
    );
    stopOnSignals(() => server.close());
  },
});

await runCommand(mockCommand, { version: packageVersion(import.meta.url) });
