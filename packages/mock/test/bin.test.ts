import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = fileURLToPath(new URL('../src/bin.ts', import.meta.url));

/** Runs the mock's bin from its sources (tsx), as `teamchat-mock args…`. */
function teamchatMock(args: readonly string[]) {
  return spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', BIN, ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    timeout: 30_000,
  });
}

describe('teamchat-mock', () => {
  it('refuses a --port that is not a port number, instead of crashing: one line, exit 2 (a usage error)', () => {
    const result = teamchatMock(['--port', 'abc']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(
      /^teamchat-mock: --port must be an integer from 0 to 65535, got 'abc'; see teamchat-mock --help\n$/,
    );
  });

  it('refuses a --seed that is not an integer, instead of silently using seed 0', () => {
    const result = teamchatMock(['--seed', 'x']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(
      /^teamchat-mock: --seed must be a non-negative integer, got 'x'; see teamchat-mock --help\n$/,
    );
  });
});
