/**
 * The command lines of `teamchat-server` and `teamchat-mock`, run as child processes: one
 * option table per command gives the parsing, the help and (for the server) the mapping to
 * ServerConfig. A wrong command line is one line on stderr and exit 2, as `teamchat`'s.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuilds, REPO_ROOT } from '../../../test-support/fresh-build.js';
import { runNodeScript } from '../../../test-support/processes.js';
import { runCommand } from '../src/command-line/run-command.js';
import { serverCommand } from '../src/commands/index.js';
import { SERVE_OPTIONS, serverConfigOf, type ServeValues } from '../src/commands/serve-options.js';
import { defaultServerConfig, DEV_PASSWORD_POLICY } from '../src/core/index.js';

const BINS = {
  'teamchat-server': join(REPO_ROOT, 'packages/server/bin/teamchat-server.js'),
  'teamchat-mock': join(REPO_ROOT, 'packages/mock/bin/teamchat-mock.js'),
  teamchat: join(REPO_ROOT, 'packages/cli/bin/teamchat.js'),
} as const;

const PACKAGES = { 'teamchat-server': 'server', 'teamchat-mock': 'mock', teamchat: 'cli' } as const;

beforeAll(() => assertFreshBuilds());

const run = (bin: keyof typeof BINS, args: readonly string[]) => runNodeScript(BINS[bin], args);

describe('--version', () => {
  for (const bin of ['teamchat-server', 'teamchat-mock', 'teamchat'] as const) {
    it(`${bin} --version prints its package's version and exits 0`, async () => {
      const { version } = JSON.parse(
        readFileSync(join(REPO_ROOT, 'packages', PACKAGES[bin], 'package.json'), 'utf8'),
      ) as { version: string };
      expect(await run(bin, ['--version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
    });
  }
});

describe('usage errors: one line, a pointer to --help, exit 2', () => {
  it.each([
    [
      'teamchat-server',
      ['--prot', '9991'],
      "teamchat-server: unknown option '--prot' (did you mean --port?); see teamchat-server --help",
    ],
    [
      'teamchat-mock',
      ['--prot', '9991'],
      "teamchat-mock: unknown option '--prot' (did you mean --port?); see teamchat-mock --help",
    ],
    [
      'teamchat-server',
      ['--port', 'abc'],
      "teamchat-server: --port must be an integer from 0 to 65535, got 'abc'; see teamchat-server --help",
    ],
    [
      'teamchat-server',
      ['--heartbeat-ms', '-5'],
      "teamchat-server: --heartbeat-ms must be a non-negative integer, got '-5'; see teamchat-server --help",
    ],
    [
      'teamchat-server',
      ['--port'],
      "teamchat-server: option '--port <n>' argument missing; see teamchat-server --help",
    ],
    [
      'teamchat-server',
      ['outbx'],
      "teamchat-server: unknown command 'outbx' (did you mean outbox?); see teamchat-server --help",
    ],
    [
      'teamchat-server',
      ['help', 'outbx'],
      "teamchat-server: unknown command 'outbx' (did you mean outbox?); see teamchat-server --help",
    ],
    [
      'teamchat-server',
      ['outbox', '--lats', '1'],
      "teamchat-server: unknown option '--lats' (did you mean --last?); see teamchat-server outbox --help",
    ],
    [
      'teamchat-server',
      ['outbox', '--last', '0'],
      "teamchat-server: --last must be a positive integer, got '0'; see teamchat-server outbox --help",
    ],
    [
      'teamchat-mock',
      ['--seed', '1.5'],
      "teamchat-mock: --seed must be a non-negative integer, got '1.5'; see teamchat-mock --help",
    ],
    ['teamchat-mock', ['9992'], "teamchat-mock: unexpected argument '9992'; see teamchat-mock --help"],
    [
      'teamchat-server',
      ['--push-bouncer', '--push-bouncer-url', 'http://127.0.0.1:9993', '--memory'],
      'teamchat-server: give --push-bouncer or --push-bouncer-url, not both',
    ],
  ] as const)('%s %j', async (bin, args, line) => {
    expect(await run(bin, args)).toEqual({ code: 2, stdout: '', stderr: `${line}\n` });
  });
});

describe('--help', () => {
  it('lists every option of the table with its default, the commands, and examples', async () => {
    const { code, stdout, stderr } = await run('teamchat-server', ['--help']);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    // Help is wrapped to the width: flatten it to find each entry.
    const help = stdout.replace(/\n {20,}/g, ' ');
    for (const [name, entry] of Object.entries(SERVE_OPTIONS)) {
      const flag = entry.flags.split(' ')[0] ?? '';
      const line = help.split('\n').find((text) => text.trimStart().startsWith(`${flag} `) || text.trim() === flag);
      expect(line, `--help lists ${name} (${flag})`).toBeDefined();
      const hasDefault = 'default' in entry || 'defaultHelp' in entry;
      if (hasDefault) expect(line, `the default of ${flag}`).toMatch(/\(default .+\)$/);
    }
    expect(help).toMatch(/^Commands:\n {2}outbox \[options\] +print the emails/m);
    expect(help).toMatch(/^Examples:\n {2}teamchat-server /m);
    expect(help).toContain('(default on: api_by_user=60:200, api_by_ip=60:100');
    // Every line fits the width (100 columns into a pipe), but the examples.
    expect(stdout.split('\n').filter((text) => text.length > 100 && !text.startsWith('  teamchat-server'))).toEqual([]);
  });

  it('the README documents every option of the table', () => {
    const readme = readFileSync(join(REPO_ROOT, 'packages/server/README.md'), 'utf8');
    for (const entry of Object.values(SERVE_OPTIONS))
      expect(readme, entry.flags).toContain(`\`${entry.flags.split(' ')[0] ?? ''}`);
  });

  it('`help outbox` is `outbox --help`', async () => {
    const viaHelp = await run('teamchat-server', ['help', 'outbox']);
    expect(viaHelp).toMatchObject({ code: 0, stderr: '' });
    expect(viaHelp.stdout).toMatch(/^Usage: teamchat-server outbox \[options\]/);
    expect(viaHelp.stdout).toBe((await run('teamchat-server', ['outbox', '--help'])).stdout);
  });

  it('teamchat-mock --help lists its options and examples', async () => {
    const { code, stdout } = await run('teamchat-mock', ['--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: teamchat-mock \[options\]/);
    for (const flag of ['--port <n>', '--host <host>', '--seed <n>', '--fixture <file>', '--version', '--help'])
      expect(stdout).toContain(flag);
    expect(stdout).toContain('(default 9992)');
    expect(stdout).toMatch(/^Examples:\n {2}teamchat-mock/m);
  });
});

/** The values the server's command line gives `run`, parsed as the binary parses them. */
async function parsed(argv: readonly string[]): Promise<ServeValues> {
  let values: ServeValues | undefined;
  await runCommand({ ...serverCommand, run: (given: ServeValues) => void (values = given) }, { version: '0', argv });
  if (!values) throw new Error(`no values for ${argv.join(' ')}`);
  return values;
}

describe('the server options and ServerConfig', () => {
  it('maps each option that sets a ServerConfig field to that field, and the defaults without it', async () => {
    expect(serverConfigOf(await parsed([]))).toMatchObject({
      heartbeatMs: defaultServerConfig.heartbeatMs,
      passwordMinLength: defaultServerConfig.passwordMinLength,
      uploadQuotaMib: null,
      pushBouncerUrl: null,
      devMode: false,
    });
    for (const [name, entry] of Object.entries(SERVE_OPTIONS)) {
      if (!('config' in entry)) continue;
      const flag = entry.flags.split(' ')[0] ?? '';
      const takesValue = entry.flags.includes('<');
      const text =
        name === 'rateLimit'
          ? 'off'
          : name.startsWith('bigbluebutton') || name === 'pushBouncerUrl'
            ? 'https://example.com/x/'
            : name === 'featureLevel'
              ? '407'
              : '7';
      const argv = takesValue ? [flag, text] : [flag];
      const expected = name === 'rateLimit' ? null : takesValue ? (/^\d+$/.test(text) ? Number(text) : text) : true;
      expect(serverConfigOf(await parsed(argv))[entry.config], argv.join(' ')).toEqual(expected);
    }
  });

  it('gives a development server the development password policy unless the options say otherwise', async () => {
    expect(serverConfigOf(await parsed(['--dev']))).toMatchObject({ devMode: true, ...DEV_PASSWORD_POLICY });
    expect(serverConfigOf(await parsed(['--dev', '--password-min-length', '8']))).toMatchObject({
      passwordMinLength: 8,
      passwordMinGuesses: 0,
    });
  });

  it('adds the trailing slash to --bigbluebutton-url, and collects --cors-origin', async () => {
    expect(
      serverConfigOf(await parsed(['--bigbluebutton-url', 'https://bbb.example.com/bigbluebutton'])),
    ).toMatchObject({
      bigBlueButtonUrl: 'https://bbb.example.com/bigbluebutton/',
    });
    expect(
      (await parsed(['--cors-origin', 'http://localhost:5173/', '--cors-origin', 'https://app.example.com']))
        .corsOrigin,
    ).toEqual(['http://localhost:5173', 'https://app.example.com']);
  });
});
