import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { assembleCore } from '../assemble-server.js';
import { defineCommand, UsageError } from '../command-line/command-spec.js';
import {
  OPERATOR_ROLES,
  type Db,
  type OperatorAnswer,
  type OperatorRequest,
  type OperatorRole,
} from '../core/index.js';
import { openDiskStore } from '../store/disk/index.js';
import { requestRunningServer } from '../store/disk/control-request.js';

/** The operation of the control channel that carries operator requests (served by `serve`). */
export const OPERATOR_OPERATION = 'operator';

const DATA_OPTION = { flags: '--data <file>', help: 'the data file', default: '.teamchat/data.json' } as const;

/**
 * Runs an operator's request on the store of `dataFile`. The data file has one writer: while
 * a server runs on it, the request goes to that server over its control channel (a loopback
 * port and key in `<data>.control`, readable by its user only), which runs it as one of its
 * own transactions, so its clients get the events at once. When no server runs, the command
 * takes the store itself (its lock, as a server would: a server started meanwhile waits for
 * none and is refused), runs the request, and writes it durably before it releases the store.
 */
async function runOperatorRequest(dataPath: string, request: OperatorRequest): Promise<OperatorAnswer> {
  const dataFile = resolve(dataPath);
  if (!existsSync(dataFile)) throw new Error(`no data file at ${dataFile} (give --data FILE)`);
  const online = await requestRunningServer(dataFile, OPERATOR_OPERATION, request);
  if (online) return online.result as OperatorAnswer;
  const { store } = await openDiskStore<Db>(dataFile, { log: { info: () => {} } });
  try {
    return await assembleCore({ store }).core.operator(request);
  } finally {
    await store.close();
  }
}

async function printAnswer(dataFile: string, request: OperatorRequest): Promise<void> {
  const { lines } = await runOperatorRequest(dataFile, request);
  for (const line of lines) process.stdout.write(`${line}\n`);
}

const WHILE_RUNNING =
  'Works whether or not a server runs on FILE: a running server gets the request over its\ncontrol channel (FILE.control) and applies it at once; otherwise the command applies it to\nthe data file itself.';

/** `teamchat-server deactivate-organization`: the real server's `deactivate_realm` command. */
export const deactivateOrganizationCommand = defineCommand({
  name: 'deactivate-organization',
  summary: 'deactivate the organization: every API call is refused until it is reactivated',
  description: `Its users stay active; clients get a realm "deactivated" event, and every authenticated\ncall then answers 401 "This organization has been deactivated" (REALM_DEACTIVATED from\nPOST /fetch_api_key). ${WHILE_RUNNING}`,
  options: { data: DATA_OPTION },
  examples: ['teamchat-server deactivate-organization --data .teamchat/data.json'],
  run: (values) => printAnswer(values.data, { action: 'deactivate-organization' }),
});

/** `teamchat-server reactivate-organization`: the real server's `reactivate_realm` command. */
export const reactivateOrganizationCommand = defineCommand({
  name: 'reactivate-organization',
  summary: 'reactivate a deactivated organization',
  description: WHILE_RUNNING,
  options: { data: DATA_OPTION },
  examples: ['teamchat-server reactivate-organization --data .teamchat/data.json'],
  run: (values) => printAnswer(values.data, { action: 'reactivate-organization' }),
});

/** `--role` of change-user-role: one of the real command's choices. */
function operatorRole(text: string): OperatorRole {
  if (!(OPERATOR_ROLES as readonly string[]).includes(text))
    throw new Error(`must be one of ${OPERATOR_ROLES.join(', ')}`);
  return text as OperatorRole;
}

/** `teamchat-server change-user-role`: the real server's `change_user_role` command. */
export const changeUserRoleCommand = defineCommand({
  name: 'change-user-role',
  summary: "change a user's role, or grant a special permission (can_change_user_emails, …)",
  description: `The special permissions are the real server's: can_change_user_emails (an administrator\nchanges users' emails with PATCH /users/{user_id} new_email), can_create_users (POST /users),\ncan_forge_sender. --revoke takes one away. ${WHILE_RUNNING}`,
  options: {
    data: DATA_OPTION,
    email: { flags: '--email <address>', help: 'the user, by their email address' },
    role: {
      flags: '--role <role>',
      help: `the new role or the permission: ${OPERATOR_ROLES.join(', ')}`,
      parse: operatorRole,
    },
    revoke: { flags: '--revoke', help: 'take the special permission away instead' },
  },
  examples: [
    'teamchat-server change-user-role --email iago@example.com --role can_change_user_emails',
    'teamchat-server change-user-role --email iago@example.com --role can_create_users --revoke',
    'teamchat-server change-user-role --email hamlet@example.com --role admin',
  ],
  run(values) {
    if (values.email === undefined || values.role === undefined) {
      throw new UsageError('change-user-role needs --email ADDRESS and --role ROLE', {
        helpOf: 'teamchat-server change-user-role',
      });
    }
    return printAnswer(values.data, {
      action: 'change-user-role',
      email: values.email,
      role: values.role,
      revoke: values.revoke,
    });
  },
});
