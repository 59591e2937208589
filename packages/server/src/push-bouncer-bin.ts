#!/usr/bin/env node
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { consoleLogger } from './node/console-logger.js';
import { startPushBouncer } from './node/push-bouncer-server.js';

const HELP = `Usage: teamchat-push-bouncer [options]            run a local push bouncer
       teamchat-push-bouncer keys|devices|rotate-key [--url URL]
       teamchat-push-bouncer notifications DEVICE_ID [--url URL]
       teamchat-push-bouncer retire-key PUBLIC_KEY [--url URL]

A push bouncer for development: chat servers register devices with it and send it
end-to-end-encrypted notifications (the real server↔bouncer protocol); it records what each
device would have received instead of calling Google or Apple. Its inspection API
(/api/v1/bouncer/…) has no authentication: keep it on a loopback address.

Options:
  --port N      port to listen on (default 9993; 0 picks a free one)
  --host HOST   address to listen on (default 127.0.0.1)
  --data FILE   JSON file of its keys, servers, devices and notifications (default
                .teamchat/push-bouncer.json); --memory keeps nothing
  --memory      keep everything in memory
  --url URL     the bouncer a command talks to (default http://127.0.0.1:9993)
  --quiet       do not log each request
  -h, --help    show this help
`;

function fail(message: string): never {
  process.stderr.write(`teamchat-push-bouncer: ${message}\n`);
  process.exit(1);
}

async function inspect(
  url: string,
  method: 'GET' | 'POST',
  path: string,
  body?: Record<string, string>,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${url.replace(/\/+$/, '')}/api/v1/bouncer/${path}`, {
      method,
      ...(body ? { body: new URLSearchParams(body) } : {}),
    });
  } catch (error) {
    fail(
      `cannot reach the bouncer at ${url} (${error instanceof Error ? error.message : String(error)}); is it running?`,
    );
  }
  const json = (await response.json()) as Record<string, unknown>;
  if (json['result'] !== 'success') fail(String(json['msg']));
  const { result: _result, msg: _msg, ...fields } = json;
  process.stdout.write(`${JSON.stringify(fields, null, 2)}\n`);
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        data: { type: 'string' },
        memory: { type: 'boolean' },
        url: { type: 'string' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n\n${HELP}`);
  }
  const { values: args, positionals } = parsed;
  if (args.help) {
    process.stdout.write(HELP);
    return;
  }
  const url = args.url ?? 'http://127.0.0.1:9993';
  const [command, argument] = positionals;
  switch (command) {
    case undefined:
      break;
    case 'keys':
      return inspect(url, 'GET', 'keys');
    case 'rotate-key':
      return inspect(url, 'POST', 'keys/rotate');
    case 'retire-key':
      if (!argument) fail('retire-key needs the public key to retire');
      return inspect(url, 'POST', 'keys/retire', { public_key: argument });
    case 'devices':
      return inspect(url, 'GET', 'devices');
    case 'notifications':
      if (!argument || !/^\d+$/.test(argument))
        fail('notifications needs a device ID (see `teamchat-push-bouncer devices`)');
      return inspect(url, 'GET', `devices/${argument}/notifications`);
    default:
      fail(`unknown command '${command}'\n\n${HELP}`);
  }
  const port =
    args.port === undefined
      ? 9993
      : /^\d+$/.test(args.port)
        ? Number(args.port)
        : fail(`--port must be a non-negative integer, got '${args.port}'`);
  const dataFile = args.memory ? undefined : resolve(args.data ?? '.teamchat/push-bouncer.json');
  const running = await startPushBouncer({
    port,
    host: args.host ?? '127.0.0.1',
    ...(dataFile ? { dataFile } : {}),
    log: consoleLogger,
    logRequests: !args.quiet,
  });
  process.stdout.write(`teamchat-push-bouncer listening on ${running.url}\n`);
  process.stdout.write(`Public key (bouncer_public_key): ${running.bouncer.publicKeys()[0] ?? ''}\n`);
  process.stdout.write(dataFile ? `Data: ${dataFile}\n` : 'Data: in memory only\n');
  const stop = () => void running.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => fail(error instanceof Error ? (error.stack ?? error.message) : String(error)));
