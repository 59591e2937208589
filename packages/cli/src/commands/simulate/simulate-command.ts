import { readFileSync } from 'node:fs';
import { createClient, type Client } from '@teamchat/client-sdk';
import { createClientFromZuliprc } from '@teamchat/client-sdk/node';
import {
  parseTrafficRates,
  runTrafficScript,
  Traffic,
  type TrafficAccount,
  type TrafficPort,
  type TrafficRates,
  type TrafficScript,
} from '@teamchat/traffic';
import { Command, InvalidArgumentError } from 'commander';
import type { CliContext } from '../../core/cli-context.js';
import { CliError } from '../../core/cli-error.js';
import { roleName } from '../../core/roles.js';
import { examples } from '../../core/send-write.js';

interface SimulateOptions {
  rate: TrafficRates;
  minutes?: number;
  seed: number;
  as?: string[];
  script?: string;
}

function parseRate(text: string): TrafficRates {
  try {
    return parseTrafficRates(text);
  } catch (error) {
    throw new InvalidArgumentError(error instanceof Error ? error.message : String(error));
  }
}

function parseNumber(text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) throw new InvalidArgumentError('expected a non-negative number');
  return value;
}

/** The account a client acts as, with what the traffic needs to know of it. */
async function accountOf(client: Client): Promise<TrafficAccount> {
  const me = await client.users.me();
  const role = roleName(me.role ?? 400) as TrafficAccount['role'];
  return { email: me.email, userId: me.user_id, fullName: me.full_name, role: me.is_bot ? 'bot' : role };
}

function readScript(path: string): TrafficScript {
  let script: unknown;
  try {
    script = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new CliError(
      'usage',
      `cannot read the script ${path}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (!script || typeof script !== 'object' || !Array.isArray((script as TrafficScript).steps)) {
    throw new CliError(
      'usage',
      `the script ${path} is not {"steps": [{"at": ms, "as": email, "call": endpoint, "params": {…}}, …]}`,
    );
  }
  return script as TrafficScript;
}

/**
 * `teamchat simulate`: live traffic through the API, as the configured account (an owner or
 * administrator: it moves topics, adds people and channels) and the accounts of `--as`, so it
 * drives any server. The same seed gives the same sequence against the same organization.
 *
 * @example
 * teamchat --config .teamchat/zuliprc-owner simulate --as .teamchat/zuliprc-member --rate busy --minutes 10
 */
export function simulateCommand(ctx: CliContext): Command {
  const command = new Command('simulate')
    .description(
      'live traffic through the API as several accounts: messages, typing, replies, reactions, edits, topic moves, deletes, presence, people and channels coming and going',
    )
    .option(
      '--rate <rate>',
      'busy (about 40 events a minute), a number of events per minute, or KIND=N,... per minute',
      parseRate,
      parseRate('busy'),
    )
    .option('--minutes <n>', 'stop after N minutes (default: until interrupted)', parseNumber)
    .option('--seed <n>', 'seed of the sequence: the same seed, the same traffic', parseNumber, 1)
    .option(
      '--as <zuliprc...>',
      'zuliprc files of more accounts that act (the configured one must be an owner or administrator)',
    )
    .option(
      '--script <file>',
      'run a scripted sequence instead: JSON {"steps": [{"at": ms, "as": email, "call": endpoint, "params": {...}}]}',
    )
    .action(async (options: SimulateOptions) => {
      const main = ctx.client();
      const clients = new Map<string, Client>();
      const accounts: TrafficAccount[] = [];
      for (const client of [main, ...(options.as ?? []).map((path) => createClientFromZuliprc(path))]) {
        const account = await accountOf(client);
        clients.set(account.email.toLowerCase(), client);
        accounts.push(account);
      }
      const anonymous = createClient({ site: main.baseUrl });
      const port: TrafficPort = {
        async call(account, name, params) {
          let client = account ? clients.get(account.email.toLowerCase()) : anonymous;
          if (!client && account?.apiKey) {
            client = createClient({ site: main.baseUrl, email: account.email, apiKey: account.apiKey });
            clients.set(account.email.toLowerCase(), client);
          }
          if (!client) throw new CliError('usage', `no credentials for ${account?.email ?? 'an anonymous call'}`);
          return (await client.request(name as never, params as never)) as Record<string, unknown>;
        },
        now: () => Date.now(),
        at: (time) => new Promise((resolve) => setTimeout(resolve, Math.max(0, time - Date.now()))),
      };
      if (options.script !== undefined) {
        const results = await runTrafficScript({ port, accounts, script: readScript(options.script) });
        ctx.print({ results }, () =>
          results
            .map((r) => `step ${r.step}: ${'error' in r.answer ? `error ${String(r.answer.error)}` : 'ok'}\n`)
            .join(''),
        );
        return;
      }
      const traffic = new Traffic({ port, accounts, rates: options.rate, seed: options.seed });
      const minutes = options.minutes ?? Infinity;
      let stop = false;
      const interrupt = () => {
        stop = true;
      };
      process.once('SIGINT', interrupt);
      const started = Date.now();
      try {
        for (let done = 0; done < minutes && !stop; done += 1) {
          await traffic.advance(Math.min(1, minutes - done) * 60_000);
          if (!ctx.globals().json)
            ctx.stderr.write(
              `# ${Object.values(traffic.stats.calls).reduce((a, b) => a + b, 0)} calls after ${((Date.now() - started) / 60_000).toFixed(1)} min\n`,
            );
        }
      } finally {
        process.off('SIGINT', interrupt);
      }
      const calls = Object.values(traffic.stats.calls).reduce((a, b) => a + b, 0);
      ctx.print(
        traffic.stats,
        () =>
          `Simulated ${((Date.now() - started) / 60_000).toFixed(1)} minutes as ${accounts.length} accounts: ${calls} calls, ${traffic.stats.refused} refused\n`,
      );
    });
  return examples(
    command,
    'teamchat --config zuliprc-owner simulate --as zuliprc-member --as zuliprc-guest --rate busy --minutes 10',
    'teamchat simulate --rate channelMessages=60,presence=10 --seed 7',
    'teamchat simulate --script steps.json',
  );
}
