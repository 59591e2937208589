#!/usr/bin/env node
/**
 * @module @teamchat/cli/bin
 * The `teamchat` executable: runs the program on the real process.
 */
import { runCli } from './program/run-cli.js';

// `teamchat … | head` closes stdout early; that is not an error worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
});

// exitCode rather than exit(): pending writes to a piped stdout are flushed first.
process.exitCode = await runCli(process.argv.slice(2));
