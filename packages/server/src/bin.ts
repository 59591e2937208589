#!/usr/bin/env node
/**
 * @module @teamchat/server/bin
 * The `teamchat-server` executable: its command line is `commands/index.ts`.
 */
import { packageVersion } from './command-line/package-version.js';
import { runCommand } from './command-line/run-command.js';
import { serverCommand } from './commands/index.js';

await runCommand(serverCommand, { version: packageVersion(import.meta.url) });
