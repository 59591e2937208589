import { writeFile } from 'node:fs/promises';
import type { Bot } from '@teamchat/schema';
import { Command, InvalidArgumentError, Option } from 'commander';
import { examples } from '../../core/send-write.js';
import type { CliContext } from '../../core/cli-context.js';
import { CliError } from '../../core/cli-error.js';
import { formatTable, yesNo, type Column } from '../../core/format-table.js';

const TYPES: Record<string, number> = { generic: 1, incoming: 2, outgoing: 3 };
const TYPE_NAMES = new Map(Object.entries(TYPES).map(([name, value]) => [value, name]));

/** The columns of `bots list`; OWNER is the owner's name (their ID when the name is unknown). */
function botColumns(names: ReadonlyMap<number, string>): Column<Bot>[] {
  return [
    { header: 'id', value: (bot) => String(bot.user_id), align: 'right' },
    { header: 'name', value: (bot) => bot.full_name, maxWidth: 30 },
    { header: 'email', value: (bot) => bot.email },
    { header: 'type', value: (bot) => TYPE_NAMES.get(bot.bot_type ?? 0) ?? String(bot.bot_type) },
    {
      header: 'owner',
      value: (bot) => (bot.owner_id === null ? '' : (names.get(bot.owner_id) ?? String(bot.owner_id))),
      maxWidth: 30,
    },
    { header: 'active', value: (bot) => yesNo(bot.is_active) },
    { header: 'url', value: (bot) => bot.services[0]?.base_url ?? '', maxWidth: 40 },
  ];
}

function botId(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('a bot ID is a positive integer (see `teamchat bots list`)');
  return Number(value);
}

function botType(value: string): number {
  const type = TYPES[value];
  if (type === undefined) throw new InvalidArgumentError(`one of ${Object.keys(TYPES).join(', ')}`);
  return type;
}

/** The `[api]` section of a bot's zuliprc (with the outgoing-webhook `token` when it has one). */
function zuliprc(options: { email: string; apiKey: string; site: string; token?: string | undefined }): string {
  return [
    '[api]',
    `email=${options.email}`,
    `key=${options.apiKey}`,
    `site=${options.site}`,
    ...(options.token ? [`token=${options.token}`] : []),
    '',
  ].join('\n');
}

/**
 * The bots the caller administers (all for administrators), from `realm_bots` of POST /register,
 * and the names of the organization's users by ID (`realm_user`, the same request).
 */
async function administeredBots(ctx: CliContext): Promise<{ bots: Bot[]; names: Map<number, string> }> {
  const client = ctx.client();
  const state = await client.events.register({ fetch_event_types: ['realm_bot', 'realm_user'], event_types: [] });
  if (state.queue_id !== null) await client.events.deleteQueue({ queue_id: state.queue_id });
  const users = [...(state.realm_users ?? []), ...(state.realm_non_active_users ?? [])];
  return {
    bots: (state['realm_bots'] as Bot[] | undefined) ?? [],
    names: new Map(users.map((user) => [user.user_id, user.full_name])),
  };
}

/**
 * `teamchat bots …`: the bots you own (all of them for administrators): list, create (with a
 * zuliprc for the new bot), update, deactivate, a new API key, and the recent outgoing-webhook
 * deliveries.
 *
 * @example
 * teamchat bots create "Echo Bot" echo --type outgoing --url http://127.0.0.1:8080/ --zuliprc ./zuliprc-echo
 * teamchat bots deliveries --bot 12
 */
export function botsCommand(ctx: CliContext): Command {
  const bots = new Command('bots').description('bots you administer: create, configure, deactivate');
  examples(
    bots
      .command('list')
      .description('list the bots you administer (every bot for administrators), from realm_bots of POST /register')
      .option('--active', 'only active bots')
      .addHelpText(
        'after',
        '\nColumns: ID, NAME, EMAIL, TYPE, OWNER, ACTIVE, URL (outgoing webhooks).\n--json prints the bots with their API keys and service tokens.',
      )
      .action(async (options: { active?: boolean }) => {
        const { bots: all, names } = await administeredBots(ctx);
        const list = options.active ? all.filter((bot) => bot.is_active) : all;
        ctx.print({ bots: list }, () => formatTable(list, botColumns(names)));
      }),
    'teamchat bots list --active',
    "teamchat bots list --json | jq '.bots[] | {user_id, api_key}'",
  );
  examples(
    bots
      .command('create <full-name> <short-name>')
      .description('create a bot (POST /bots); its email is <short-name>-bot@<domain>')
      .addOption(
        new Option(
          '--type <type>',
          'generic, incoming (may only send, through webhooks) or outgoing (receives mentions and DMs)',
        )
          .argParser(botType)
          .default(TYPES['generic'], 'generic'),
      )
      .option('--url <url>', 'where an outgoing-webhook bot receives its notifications')
      .option('--slack', 'outgoing webhook in the Slack-compatible format')
      .option(
        '--zuliprc <file>',
        'write a zuliprc for the new bot (its email, key and site; token= for outgoing webhooks)',
      )
      .action(
        async (
          fullName: string,
          shortName: string,
          options: { type: number; url?: string; slack?: boolean; zuliprc?: string },
        ) => {
          if (options.type === TYPES['outgoing'] && !options.url)
            throw new CliError('usage', 'an outgoing-webhook bot needs --url');
          const client = ctx.client();
          const created = await client.bots.create({
            full_name: fullName,
            short_name: shortName,
            bot_type: options.type,
            ...(options.url ? { payload_url: options.url } : {}),
            interface_type: options.slack ? 2 : 1,
          });
          const bot = (await administeredBots(ctx)).bots.find((candidate) => candidate.user_id === created.user_id);
          const email = bot?.email ?? '';
          const token = bot?.services[0]?.token;
          if (options.zuliprc) {
            await writeFile(
              options.zuliprc,
              zuliprc({ email, apiKey: created.api_key, site: client.baseUrl.replace(/\/api\/v1$/, ''), token }),
              { mode: 0o600 },
            );
          }
          ctx.print({ ...created, email, ...(token ? { token } : {}) }, () =>
            [
              `Created bot ${created.user_id} ${email}`,
              `API key: ${created.api_key}`,
              ...(token ? [`Outgoing-webhook token: ${token}`] : []),
              ...(options.zuliprc ? [`zuliprc written to ${options.zuliprc}`] : []),
              '',
            ].join('\n'),
          );
        },
      ),
    'teamchat bots create "Deploy Notices" deploy --zuliprc ./zuliprc-deploy',
    'teamchat bots create "Echo Bot" echo --type outgoing --url http://127.0.0.1:8080/',
  );
  examples(
    bots
      .command('update <bot-id>')
      .description('change a bot (PATCH /bots/{bot_id})')
      .option('--name <full-name>', 'new name')
      .option('--owner <user-id>', 'new owner', botId)
      .option('--url <url>', "the outgoing-webhook bot's URL")
      .option('--slack', 'with --url: the Slack-compatible format')
      .option('--sending-channel <name>', 'default channel to send to ("" for none)')
      .action(
        async (
          id: string,
          options: { name?: string; owner?: number; url?: string; slack?: boolean; sendingChannel?: string },
        ) => {
          const result = await ctx.client().bots.update({
            bot_id: botId(id),
            ...(options.name !== undefined ? { full_name: options.name } : {}),
            ...(options.owner !== undefined ? { bot_owner_id: options.owner } : {}),
            ...(options.url !== undefined
              ? { service_payload_url: options.url, service_interface: options.slack ? 2 : 1 }
              : {}),
            ...(options.sendingChannel !== undefined ? { default_sending_stream: options.sendingChannel } : {}),
          });
          ctx.print(result, () => `Updated bot ${id}: ${result.full_name}\n`);
        },
      ),
    'teamchat bots update 12 --name "Release Notices" --sending-channel announce',
  );
  examples(
    bots
      .command('deactivate <bot-id>')
      .description('deactivate a bot (DELETE /bots/{bot_id}); its API key stops working')
      .action(async (id: string) => {
        const result = await ctx.client().bots.deactivate({ bot_id: botId(id) });
        ctx.print(result, () => `Deactivated bot ${id}\n`);
      }),
    'teamchat bots deactivate 12',
  );
  examples(
    bots
      .command('regenerate-key <bot-id>')
      .description('give a bot a new API key (POST /bots/{bot_id}/api_key/regenerate); the old one stops working')
      .option('--zuliprc <file>', 'rewrite this zuliprc with the new key')
      .action(async (id: string, options: { zuliprc?: string }) => {
        const client = ctx.client();
        const result = await client.bots.regenerateApiKey({ bot_id: botId(id) });
        if (options.zuliprc) {
          const bot = (await administeredBots(ctx)).bots.find((candidate) => candidate.user_id === botId(id));
          await writeFile(
            options.zuliprc,
            zuliprc({
              email: bot?.email ?? '',
              apiKey: result.api_key,
              site: client.baseUrl.replace(/\/api\/v1$/, ''),
              token: bot?.services[0]?.token,
            }),
            { mode: 0o600 },
          );
        }
        ctx.print(result, () => `New API key: ${result.api_key}\n`);
      }),
    'teamchat bots regenerate-key 12 --zuliprc ./zuliprc-deploy',
  );
  examples(
    bots
      .command('deliveries')
      .description(
        'recent outgoing-webhook deliveries with their status (GET /outgoing_webhooks/deliveries, a teamchat addition)',
      )
      .option('--bot <bot-id>', 'only this bot', botId)
      .option('--limit <n>', 'how many (default 50)', botId)
      .action(async (options: { bot?: number; limit?: number }) => {
        const result = await ctx.client().outgoingWebhooks.deliveries({
          ...(options.bot !== undefined ? { bot_id: options.bot } : {}),
          ...(options.limit !== undefined ? { limit: options.limit } : {}),
        });
        ctx.print(result, () =>
          formatTable(result.deliveries, [
            { header: 'id', value: (d) => String(d.id), align: 'right' },
            { header: 'bot', value: (d) => String(d.bot_id), align: 'right' },
            { header: 'message', value: (d) => String(d.message_id), align: 'right' },
            { header: 'trigger', value: (d) => d.trigger },
            { header: 'status', value: (d) => String(d.status) },
            { header: 'tries', value: (d) => String(d.attempts), align: 'right' },
            { header: 'http', value: (d) => (d.last_status === null ? '' : String(d.last_status)) },
            { header: 'error', value: (d) => d.last_error ?? '', maxWidth: 50 },
          ]),
        );
      }),
    'teamchat bots deliveries --bot 12 --limit 10',
  );
  return bots;
}
