#!/usr/bin/env node
// The `teamchat-server` command. This launcher is committed, not built, so that npm links the
// command when it installs the package, before anything is built; it runs the built program.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/bin.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write(
    `teamchat-server: ${fileURLToPath(entry)} is missing: the package is not built (in the teamchat repository, run \`npm run build\`)\n`,
  );
  process.exit(1);
}
await import(entry.href);
