import { defineCommand } from '../command-line/command-spec.js';
import { backupCommand } from './backup.js';
import { changeUserRoleCommand, deactivateOrganizationCommand, reactivateOrganizationCommand } from './operator.js';
import { outboxCommand } from './outbox.js';
import { populateCommand } from './populate.js';
import { recoverCommand } from './recover.js';
import { serve } from './serve.js';
import { SERVE_OPTIONS } from './serve-options.js';
import { verifyCommand } from './verify.js';

/**
 * `teamchat-server`: without a command it starts the server; the commands beside it work on a
 * data file. To add an option of the server, add an entry to `SERVE_OPTIONS`
 * (`serve-options.ts`). To add a command (`teamchat-server verify`), write its spec with
 * `defineCommand` in a file of this folder (as `outbox.ts`) and add it to `subcommands`.
 */
export const serverCommand = defineCommand({
  name: 'teamchat-server',
  summary: 'Runs the teamchat reference server (the team chat / Zulip REST API at /api/v1).',
  options: SERVE_OPTIONS,
  subcommands: [
    outboxCommand,
    populateCommand,
    verifyCommand,
    recoverCommand,
    backupCommand,
    deactivateOrganizationCommand,
    reactivateOrganizationCommand,
    changeUserRoleCommand,
  ],
  examples: [
    'teamchat-server                                  # .teamchat/data.json on http://127.0.0.1:9991',
    'teamchat-server --data ./chat/data.json --port 8080',
    'teamchat-server --memory --port 0 --quiet        # a throw-away server on a free port',
    'teamchat-server --data ./qa.json --seed fixture.yaml',
    'teamchat-server --data ./chat/data.json --export org.yaml',
    'teamchat-server --print-openapi > openapi.json',
    'teamchat-server outbox --data ./chat/data.json --last 1',
    'teamchat-server backup --data ./chat/data.json --out backup.json   # while it runs',
    'teamchat-server --memory --populate medium --simulate busy   # a busy, lived-in organization',
    'teamchat-server --memory --feature-level 400                 # answer as an older server',
    'teamchat-server populate --size small --out org.json --random-seed 7',
    'teamchat-server change-user-role --data ./chat/data.json --email adam@example.com --role can_change_user_emails',
    'teamchat-server deactivate-organization --data ./chat/data.json   # while it runs, or not',
  ],
  footer:
    'Stop it with Ctrl-C or SIGTERM, also through npm start or npx: it writes a final snapshot and\nreleases the data file. The README of @teamchat/server says more.',
  run: serve,
});
