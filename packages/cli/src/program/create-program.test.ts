import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { failure, success } from '../../test/helpers/fake-fetch.js';
import { CONNECTION, EMAIL, run, SECRET_KEY, SITE, tempDir, writeZuliprc } from '../../test/helpers/run-in-process.js';
import { CLI_VERSION } from '../version.js';
import { createProgram } from './create-program.js';

const USERS = {
  members: [
    {
      user_id: 1,
      email: 'o@example.com',
      delivery_email: null,
      full_name: 'Olivia',
      role: 100,
      is_active: true,
      is_bot: false,
    },
  ],
};
const BASIC_TOKEN = Buffer.from(`${EMAIL}:${SECRET_KEY}`).toString('base64');

describe('teamchat --help', () => {
  it('works without a config file, environment or network', async () => {
    const result = await run(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: teamchat [options] [command]');
    expect(result.stdout).toContain('ZULIP_CONFIG');
    expect(result.stdout).toContain('Exit codes: 0 ok, 1 API error, 2 usage error, 3 configuration error');
    expect(result.requests).toEqual([]);
  });

  it('shows the help of each command, also through `help`', async () => {
    for (const argv of [
      ['users', 'list', '--help'],
      ['channels', 'create', '--help'],
      ['settings', 'set', '--help'],
      ['call', '--help'],
      ['help', 'call'],
    ]) {
      const result = await run(argv);
      expect(result.code, argv.join(' ')).toBe(0);
      expect(result.stdout, argv.join(' ')).toContain('Usage: teamchat');
    }
  });

  it('lists every setting with its values in `settings set --help`', async () => {
    const { stdout } = await run(['settings', 'set', '--help']);
    expect(stdout).toMatch(/twenty_four_hour_time\s+true\|false/);
    expect(stdout).toMatch(/color_scheme\s+1\|2\|3/);
    expect(stdout).toMatch(/web_home_view\s+recent_topics\|inbox\|all_messages/);
  });

  it('prints the package version', async () => {
    const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    const result = await run(['--version']);
    expect(result).toMatchObject({ code: 0, stdout: `${packageJson.version}\n` });
    expect(CLI_VERSION).toBe(packageJson.version);
  });
});

describe('usage errors', () => {
  it("exit with code 2 and commander's message for unknown commands and options", async () => {
    const unknownCommand = await run(['nope']);
    expect(unknownCommand.code).toBe(2);
    expect(unknownCommand.stderr).toContain("error: unknown command 'nope'");
    const unknownOption = await run(['users', 'list', '--nope']);
    expect(unknownOption.code).toBe(2);
    expect(unknownOption.stderr).toContain("error: unknown option '--nope'");
  });

  it('exit with code 2 for a command group without a command, printing its help on stderr', async () => {
    const result = await run(['channels']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage: teamchat channels');
  });

  it('exit with code 2 for bad option values, before any request', async () => {
    expect((await run([...CONNECTION, '--timeout', '0', 'users', 'list'])).code).toBe(2);
    expect((await run([...CONNECTION, '--retries', 'x', 'users', 'list'])).stderr).toContain('expected a whole number');
  });
});

describe('global options', () => {
  it('are accepted before and after the command', async () => {
    const server = () => success(USERS);
    const before = await run(['--json', ...CONNECTION, 'users', 'list'], { server });
    const after = await run(['users', 'list', ...CONNECTION, '--json'], { server });
    expect(before.code).toBe(0);
    expect(after.stdout).toBe(before.stdout);
    expect(JSON.parse(after.stdout)).toEqual(USERS);
  });

  it('send HTTP basic auth from the configuration, with the CLI user agent', async () => {
    const { requests } = await run([...CONNECTION, 'users', 'list'], { server: () => success(USERS) });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url.origin).toBe(SITE);
    expect(requests[0]?.headers.get('authorization')).toBe(`Basic ${BASIC_TOKEN}`);
    expect(requests[0]?.headers.get('user-agent')).toMatch(/^TeamchatCLI\//);
  });
});

describe('configuration', () => {
  const dir = tempDir();
  const fileRc = writeZuliprc(dir, 'zuliprc', {
    email: 'file@example.com',
    key: 'file-key',
    site: 'https://file.example.com',
  });
  const home = tempDir();
  writeZuliprc(home, '.zuliprc', { email: 'home@example.com', key: 'home-key', site: 'https://home.example.com' });

  it('takes flags over ZULIP_* variables over the zuliprc (Python precedence)', async () => {
    const result = await run(['--config', fileRc, '--site', 'https://flag.example.com', 'users', 'list'], {
      env: { ZULIP_SITE: 'https://env.example.com', ZULIP_EMAIL: 'env@example.com' },
      server: () => success(USERS),
    });
    expect(result.code).toBe(0);
    const request = result.requests[0];
    expect(request?.url.origin).toBe('https://flag.example.com');
    expect(request?.headers.get('authorization')).toBe(
      `Basic ${Buffer.from('env@example.com:file-key').toString('base64')}`,
    );
  });

  it('reads the zuliprc named by ZULIP_CONFIG, or ~/.zuliprc', async () => {
    const viaEnv = await run(['users', 'list'], { env: { ZULIP_CONFIG: fileRc }, server: () => success(USERS) });
    expect(viaEnv.requests[0]?.url.origin).toBe('https://file.example.com');
    const viaHome = await run(['users', 'list'], { homeDir: home, server: () => success(USERS) });
    expect(viaHome.requests[0]?.url.origin).toBe('https://home.example.com');
  });

  it('exits with code 3 and names every way to configure a missing value, before any request', async () => {
    const result = await run(['users', 'list']);
    expect(result.code).toBe(3);
    expect(result.stderr).toBe(
      'error: no API key, email or site configured\n' +
        'hint: pass --api-key KEY, --email EMAIL and --site URL, set ZULIP_API_KEY, ZULIP_EMAIL and ZULIP_SITE, ' +
        'or add key=, email= and site= to the [api] section of ~/.zuliprc (it does not exist; --config FILE or ZULIP_CONFIG name another file)\n',
    );
    expect(result.requests).toEqual([]);
  });

  it("warns that TLS settings of the zuliprc cannot be applied, with the SDK's wording", async () => {
    const tlsRc = writeZuliprc(dir, 'tls-zuliprc', {
      email: 'file@example.com',
      key: 'file-key',
      site: 'https://file.example.com',
      cert_bundle: '/etc/ca.pem',
    });
    const result = await run(['--config', tlsRc, 'users', 'list'], { server: () => success(USERS) });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      'warning: cert_bundle cannot be applied by the built-in fetch and is ignored (NODE_EXTRA_CA_CERTS=FILE adds a CA bundle)\n',
    );
  });

  it('exits with code 3 for a site that is not a URL', async () => {
    const result = await run(['--site', 'ftp://x', '--email', EMAIL, '--api-key', SECRET_KEY, 'users', 'list']);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('hint: the site came from --site');
  });
});

describe('--verbose', () => {
  it('prints the configuration and each request on stderr, never the API key or the Authorization header', async () => {
    const result = await run([...CONNECTION, '--verbose', 'settings', 'set', 'twenty_four_hour_time=true'], {
      server: () => success(),
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      `# config: no zuliprc file; site ${SITE} (flag), email ${EMAIL} (flag), API key (flag)`,
    );
    expect(result.stderr).toContain(
      `> PATCH ${SITE}/api/v1/settings\n> twenty_four_hour_time=true\n< 200 PATCH /settings\n`,
    );
    expect(result.stderr).not.toContain(SECRET_KEY);
    expect(result.stderr).not.toContain(BASIC_TOKEN);
  });

  it('redacts the API key even where a server echoes it into an error', async () => {
    const result = await run([...CONNECTION, '-v', 'users', 'list'], {
      server: () => failure(401, 'UNAUTHORIZED', `Invalid API key ${SECRET_KEY}`),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error: UNAUTHORIZED: Invalid API key [REDACTED]');
    expect(result.stderr).not.toContain(SECRET_KEY);
  });
  it('does not rewrite unrelated output for a credential too short to be a real one', async () => {
    const result = await run(['--site', SITE, '--email', 'e@x.io', '--api-key', 'e', '-v', 'users', 'list'], {
      server: () => failure(401, 'UNAUTHORIZED', 'Invalid API key'),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error: UNAUTHORIZED: Invalid API key\n');
    expect(result.stderr).toContain(
      `# config: no zuliprc file; site ${SITE} (flag), email e@x.io (flag), API key (flag)`,
    );
  });
});

describe('failures of the connection', () => {
  it('exit with code 4 when the server cannot be reached', async () => {
    const result = await run([...CONNECTION, '--retries', '0', 'users', 'list'], {
      server: () => ({ networkError: new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } }) }),
    });
    expect(result.code).toBe(4);
    expect(result.stderr).toBe(
      'error: GET /users failed: could not reach https://chat.example.com (fetch failed: ECONNRESET)\n' +
        'hint: check the site (--site, ZULIP_SITE or site= in the zuliprc), that the server is running, and the network\n',
    );
    expect(result.requests).toHaveLength(1);
  });

  it('exit with code 4 at once, without retries, when the connection is refused', async () => {
    const result = await run([...CONNECTION, 'users', 'list'], {
      server: () => ({ networkError: new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }) }),
    });
    expect(result.code).toBe(4);
    expect(result.stderr).toBe(
      'error: connection refused at https://chat.example.com (tried GET https://chat.example.com/api/v1/users)\n' +
        'hint: is the server running, on that address? The site came from --site\n',
    );
    expect(result.requests).toHaveLength(1);
  });

  it('retry reads after a network error, saying so on stderr', async () => {
    let calls = 0;
    const result = await run([...CONNECTION, '--retries', '1', 'users', 'list'], {
      server: () => (++calls === 1 ? { networkError: new TypeError('fetch failed') } : success(USERS)),
    });
    expect(result.code).toBe(0);
    expect(result.requests).toHaveLength(2);
    expect(result.stderr).toMatch(
      /^note: GET \/users failed: could not reach .*; retrying in \d+\.\d s \(attempt 2 of 2\)\n$/,
    );
  });

  it('fail a rate-limited request at once with --retries 0 (429s share the --retries budget)', async () => {
    const result = await run([...CONNECTION, '--retries', '0', 'users', 'list'], {
      server: () => failure(429, 'RATE_LIMIT_HIT', 'API usage exceeded rate limit', { 'retry-after': 0.01 }),
    });
    expect(result.code).toBe(1);
    expect(result.requests).toHaveLength(1);
    expect(result.stderr).toBe('error: RATE_LIMIT_HIT: API usage exceeded rate limit\n');
  });

  it('exit with code 4 when the server does not answer in time', async () => {
    const result = await run([...CONNECTION, '--retries', '0', '--timeout', '0.05', 'users', 'list'], {
      server: () => ({ hang: true }),
    });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('timed out');
  });

  it('exit with code 5 when the answer is not the API envelope', async () => {
    const result = await run([...CONNECTION, 'users', 'list'], { server: () => ({ text: '<html>login</html>' }) });
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('not JSON');
  });
});

describe('createProgram', () => {
  it('throws instead of exiting, so callers can run it in-process', async () => {
    let stdout = '';
    const program = createProgram({
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: () => true },
      env: {},
    });
    await expect(program.parseAsync(['--help'], { from: 'user' })).rejects.toMatchObject({
      code: 'commander.helpDisplayed',
      exitCode: 0,
    });
    expect(stdout).toContain('Usage: teamchat');
  });
});

describe('every command', () => {
  /** Every command below the root, as argv words, for commands with no subcommands. */
  function leaves(command: import('commander').Command, path: string[] = []): string[][] {
    const subcommands = command.commands.filter((sub) => sub.name() !== 'help');
    if (subcommands.length === 0) return [path];
    return subcommands.flatMap((sub) => leaves(sub, [...path, sub.name()]));
  }

  it('has --help with an example, without a config file or network', async () => {
    const commands = leaves(createProgram({ env: {} }));
    expect(commands.length).toBeGreaterThan(30);
    for (const argv of commands) {
      const result = await run([...argv, '--help']);
      expect(result.code, argv.join(' ')).toBe(0);
      expect(result.stdout, argv.join(' ')).toMatch(/\nExamples?:\n {2}(teamchat|source|echo) /);
      expect(result.requests, argv.join(' ')).toEqual([]);
    }
  });
});
