import { isApiError, type Invite, type Role } from '@teamchat/schema';
import { Command, InvalidArgumentError, Option } from 'commander';
import type { CliContext } from '../../core/cli-context.js';
import { CliError } from '../../core/cli-error.js';
import { formatTable, type Column } from '../../core/format-table.js';
import { parseId, resolveChannelId, resolveGroupId, splitList } from '../../core/resolve-names.js';
import { parseRole, roleName } from '../../core/roles.js';
import { examples, sendWrite, writeOptions, type WriteOptions } from '../../core/send-write.js';

const when = (seconds: number | null) =>
  seconds === null ? 'never' : new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

const COLUMNS: readonly Column<Invite>[] = [
  { header: 'id', value: (invite) => String(invite.id), align: 'right' },
  { header: 'kind', value: (invite) => (invite.is_multiuse ? 'link' : 'email') },
  { header: 'to', value: (invite) => invite.email ?? invite.link_url ?? '' },
  { header: 'role', value: (invite) => roleName(invite.invited_as) },
  { header: 'by', value: (invite) => String(invite.invited_by_user_id), align: 'right' },
  { header: 'expires', value: (invite) => when(invite.expiry_date) },
];

function listCommand(ctx: CliContext): Command {
  const command = new Command('list')
    .description('list the unexpired invitations you may manage: email invitations and reusable links (GET /invites)')
    .addHelpText(
      'after',
      "\nColumns: ID, KIND (email or link), TO (address or link), ROLE, BY (inviter's user ID), EXPIRES (UTC).\nIDs are per kind: revoke a link with `teamchat invites revoke --link ID`.",
    )
    .action(async () => {
      const result = await ctx.client().invites.list();
      ctx.print(result, () =>
        result.invites.length === 0 ? 'No pending invitations\n' : formatTable(result.invites, COLUMNS),
      );
    });
  return examples(command, 'teamchat invites list', 'teamchat invites list --json');
}

/** Options both kinds of invitation take. */
interface TermsOptions {
  role: Role;
  channel?: string[];
  group?: string[];
  defaultChannels?: boolean;
  expiresInMinutes?: number;
  neverExpires?: boolean;
  welcomeText?: string;
}

function minutes(text: string): number {
  if (!/^[1-9]\d*$/.test(text)) throw new InvalidArgumentError('expected a positive number of minutes');
  return Number(text);
}

function termsOptions(command: Command): Command {
  return command
    .addOption(
      new Option('--role <role>', "the new account's role: owner, administrator, moderator, member, guest")
        .argParser(parseRole)
        .default(400 as Role, roleName(400)),
    )
    .option('--channel <channels...>', 'channels (IDs or names, comma-separated or repeated) the new account joins')
    .option('--group <groups...>', 'user groups (IDs or names) the new account joins')
    .option('--default-channels', "also join the organization's default channels")
    .option('--expires-in-minutes <n>', 'minutes until the invitation expires (default: ten days)', minutes)
    .option('--never-expires', 'the invitation never expires')
    .option('--welcome-text <markdown>', "the Welcome Bot's message for this invitation (administrators; empty: none)");
}

/** The parameters the options give, names resolved through the API. */
async function termsParams(ctx: CliContext, options: TermsOptions) {
  if (options.neverExpires && options.expiresInMinutes !== undefined)
    throw new CliError('usage', 'give --expires-in-minutes or --never-expires, not both');
  const client = ctx.client();
  const streamIds: number[] = [];
  for (const spec of splitList(options.channel ?? []))
    streamIds.push(await resolveChannelId(client, spec, '--channel'));
  const groupIds: number[] = [];
  for (const spec of splitList(options.group ?? [])) groupIds.push(await resolveGroupId(client, spec, '--group'));
  return {
    invite_as: options.role,
    stream_ids: streamIds,
    ...(groupIds.length > 0 ? { group_ids: groupIds } : {}),
    ...(options.defaultChannels ? { include_realm_default_subscriptions: true } : {}),
    ...(options.neverExpires
      ? { invite_expires_in_minutes: null }
      : options.expiresInMinutes === undefined
        ? {}
        : { invite_expires_in_minutes: options.expiresInMinutes }),
    ...(options.welcomeText === undefined ? {} : { welcome_message_custom_text: options.welcomeText }),
  };
}

function sendCommand(ctx: CliContext): Command {
  const command = writeOptions(
    termsOptions(
      new Command('send')
        .description(
          'invite people by email (POST /invites); the server keeps the emails in its outbox (teamchat-server outbox)',
        )
        .argument('<emails...>', 'addresses, separated by spaces or commas ("Name <address>" works too)')
        .option('--no-notify', 'no Notification Bot message to you when someone signs up'),
    ),
  ).action(async (emails: string[], options: TermsOptions & WriteOptions & { notify: boolean }) => {
    const params = {
      invitee_emails: emails.join(','),
      ...(await termsParams(ctx, options)),
      ...(options.notify ? {} : { notify_referrer_on_join: false }),
    };
    try {
      await sendWrite(
        ctx,
        'invites.send',
        params,
        options,
        () =>
          `Invited ${splitList(emails).length === 1 ? splitList(emails)[0] : `${splitList(emails).length} addresses`}\n`,
      );
    } catch (error) {
      // The partial failure names each address it skipped: say which, and whether the others were invited.
      if (isApiError(error) && error.code === 'INVITATION_FAILED' && Array.isArray(error.extra['errors'])) {
        const skipped = (error.extra['errors'] as [string, string, boolean][])
          .map(([address, reason]) => `${address}: ${reason}`)
          .join('; ');
        throw new CliError('api', `${error.msg} (${skipped})`, { cause: error });
      }
      throw error;
    }
  });
  return examples(
    command,
    'teamchat invites send ada@example.com grace@example.com --channel general,engineering',
    'teamchat invites send "Ada <ada@example.com>" --role moderator --never-expires --welcome-text "Hi Ada!"',
  );
}

function linkCommand(ctx: CliContext): Command {
  const command = writeOptions(
    termsOptions(
      new Command('link').description('create a reusable invitation link (POST /invites/multiuse) and print it'),
    ),
  ).action(async (options: TermsOptions & WriteOptions) => {
    await sendWrite(
      ctx,
      'invites.createLink',
      await termsParams(ctx, options),
      options,
      (result) => `${result.invite_link}\n`,
    );
  });
  return examples(command, 'teamchat invites link --role guest --channel general --expires-in-minutes 1440');
}

function revokeCommand(ctx: CliContext): Command {
  const command = writeOptions(
    new Command('revoke')
      .description(
        'revoke an email invitation (DELETE /invites/{invite_id}) or, with --link, a reusable link (DELETE /invites/multiuse/{invite_id}); its link stops working',
      )
      .argument('<id>', 'the invitation ID (teamchat invites list)', parseId)
      .option('--link', "the ID is a reusable link's"),
    true,
  ).action(async (id: number, options: WriteOptions & { link?: boolean }) => {
    const what = options.link ? `invitation link ${id}` : `email invitation ${id}`;
    await sendWrite(
      ctx,
      options.link ? 'invites.revokeLink' : 'invites.revoke',
      { invite_id: id },
      options,
      () => `Revoked ${what}\n`,
      `Revoke ${what}?`,
    );
  });
  return examples(command, 'teamchat invites revoke 3 --yes', 'teamchat invites revoke --link 1 --yes');
}

function resendCommand(ctx: CliContext): Command {
  const command = writeOptions(
    new Command('resend')
      .description('send an email invitation again, with the same link (POST /invites/{invite_id}/resend)')
      .argument('<id>', 'the invitation ID', parseId),
  ).action(async (id: number, options: WriteOptions) => {
    await sendWrite(ctx, 'invites.resend', { invite_id: id }, options, () => `Resent email invitation ${id}\n`);
  });
  return examples(command, 'teamchat invites resend 3');
}

/**
 * `teamchat invites …`: invite people to the organization, by email or with a reusable link.
 *
 * @example
 * teamchat invites send ada@example.com --channel general
 */
export function invitesCommand(ctx: CliContext): Command {
  return new Command('invites')
    .description('invitations: list, send, link, revoke, resend')
    .addCommand(listCommand(ctx))
    .addCommand(sendCommand(ctx))
    .addCommand(linkCommand(ctx))
    .addCommand(revokeCommand(ctx))
    .addCommand(resendCommand(ctx));
}
