import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SUITE_LOG_DIR } from './suite-log.js';

/**
 * Collects the logs of every server the suite runs as a child process (test-support/
 * start-server.ts) and, at the end, fails the run if any of them holds an API key or a
 * password the suite created: secrets are never logged.
 */
export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'teamchat-suite-log-'));
  process.env[SUITE_LOG_DIR] = dir;
  return () => {
    try {
      const names = readdirSync(dir);
      const secrets = new Set(
        names.includes('secrets.txt')
          ? readFileSync(join(dir, 'secrets.txt'), 'utf8')
              .split('\n')
              .filter((s) => s.length >= 8)
          : [],
      );
      const logs = names.filter((name) => name.endsWith('.log'));
      const leaks: string[] = [];
      for (const name of logs) {
        const text = readFileSync(join(dir, name), 'utf8');
        for (const secret of secrets)
          if (text.includes(secret)) leaks.push(`${name} holds a secret starting ${secret.slice(0, 3)}…`);
      }
      if (leaks.length > 0) throw new Error(`[teamchat tests] secrets in server logs:\n${leaks.join('\n')}`);
      process.stderr.write(
        `[teamchat tests] ${logs.length} server logs checked for ${secrets.size} API keys and passwords: none logged\n`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
