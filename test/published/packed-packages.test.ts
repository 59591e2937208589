/**
 * What a user outside this repository gets: the `npm pack` tarballs of every package installed
 * into a project of its own (see scratch-project.ts), and there the SDK in ESM and CommonJS, a
 * strict TypeScript project over every entry (the shipped declarations checked too), the
 * commands, a request through the SDK, and a vitest test with the mock and MSW's setupServer.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuilds, REPO_ROOT } from '../../test-support/fresh-build.js';
import { createReadmeRunner, type ReadmeRun } from './readme-runner.js';
import { cleanEnv, createScratchProject, PACKAGES, type ScratchProject } from './scratch-project.js';

const CONSUMER = join(import.meta.dirname, 'consumer');

let project: ScratchProject;
/** ZULIP_* of the owner of a `teamchat-server --memory` running in the project. */
let owner: Record<string, string>;

beforeAll(async () => {
  assertFreshBuilds();
  project = await createScratchProject();
  for (const file of readdirSync(CONSUMER)) copyFileSync(join(CONSUMER, file), join(project.dir, file));
  // As the README says: `npx teamchat-server --memory` prints the accounts and their keys.
  const server = await project.start(
    'npx',
    ['teamchat-server', '--memory', '--port', '0', '--quiet'],
    /listening on (http:\/\/\S+) [\s\S]*owner +(\S+) +key (\S+)/,
  );
  const [, site = '', email = '', apiKey = ''] = server.match;
  owner = { ZULIP_SITE: site, ZULIP_EMAIL: email, ZULIP_API_KEY: apiKey };
}, 600_000);

afterAll(async () => {
  await readmes?.close();
  await project?.remove();
});

/** The READMEs whose `runnable` blocks run, in this order (they share `.teamchat/`). */
const READMES = [
  'README.md',
  'packages/schema/README.md',
  'packages/traffic/README.md',
  'packages/server/README.md',
  'packages/mock/README.md',
  'packages/cli/README.md',
];
let readmes: ReadmeRun | undefined;

describe('the READMEs, followed in that project', () => {
  for (const readme of READMES) {
    it(`${readme}: every block marked runnable runs as written`, async () => {
      if (!readmes) {
        readmes = await createReadmeRunner(project.dir, project.env);
        console.info(`The READMEs run ${readmes.isolation}.`);
      }
      expect(await readmes.run(join(REPO_ROOT, readme)), 'runnable blocks').toBeGreaterThan(0);
    }, 300_000);
  }
});

describe('the packed packages installed in a project outside the workspace', () => {
  it('come from the tarballs, never from workspace links', () => {
    const resolved = project.resolved();
    expect(Object.keys(resolved).sort()).toEqual(PACKAGES.map((entry) => `node_modules/${entry.name}`).sort());
    for (const [path, from] of Object.entries(resolved)) expect(from, path).toMatch(/^file:.*\.tgz$/);
  });

  it('serve the web app: teamchat-server finds @teamchat/web and answers its page and its hashed assets', async () => {
    const page = await fetch(`${owner['ZULIP_SITE']}/login/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    const script = /src="(\/static\/index-[^"]+\.js)"/.exec(await page.text())?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${owner['ZULIP_SITE']}${script ?? ''}`);
    expect([asset.status, asset.headers.get('cache-control')]).toEqual([200, 'public, max-age=31536000, immutable']);
  });

  it('load in ESM, and the SDK answers a request to teamchat-server --memory', async () => {
    const result = await project.exec('node', ['esm.mjs'], { env: owner });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual({ members: 6, apiError: 'BAD_REQUEST' });
  });

  it('load in CommonJS (require), and the SDK answers there too', async () => {
    const result = await project.exec('node', ['cjs.cjs'], { env: owner });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual({ email: owner['ZULIP_EMAIL'] });
  });

  it('typecheck in a strict project (strict, exactOptionalPropertyTypes, skipLibCheck: false)', async () => {
    const result = await project.exec('npx', ['tsc', '-p', 'tsconfig.json']);
    expect(`${result.stdout}${result.stderr}`).toBe('');
    expect(result.code).toBe(0);
  }, 300_000);

  it('install the commands: npx teamchat, teamchat-server and teamchat-mock', async () => {
    const help = await project.exec('npx', ['teamchat', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: teamchat [options] [command]');
    for (const command of ['teamchat-server', 'teamchat-mock']) {
      const result = await project.exec('npx', [command, '--help']);
      expect(result.code, command).toBe(0);
      expect(result.stdout, command).toContain(`Usage: ${command}`);
    }
    const users = await project.exec('npx', ['teamchat', 'users', 'list', '--json'], { env: owner });
    expect(users.stderr).toBe('');
    expect((JSON.parse(users.stdout) as { members: unknown[] }).members).toHaveLength(6);
  }, 120_000);

  it("run a vitest file that uses @teamchat/mock with MSW's setupServer", async () => {
    const result = await project.exec('npx', ['vitest', 'run', 'mock.test.ts']);
    expect(result.code, `${result.stdout}${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(/Tests +2 passed/);
  }, 120_000);
});

describe('the SDK alone, installed as its README says, in an empty project', () => {
  it('installs from the two tarballs its README names, and its runnable examples run and typecheck there', async () => {
    const dir = join(project.teamchat, 'sdk-only');
    mkdirSync(dir);
    // The project's own bins first; tsx and tsc come from the scratch project (the user's own tools).
    const env = {
      ...cleanEnv(`${join(dir, 'node_modules', '.bin')}:${join(project.dir, 'node_modules', '.bin')}`),
      ...owner,
      TEAMCHAT: project.teamchat,
      npm_config_prefer_offline: 'true',
      npm_config_audit: 'false',
      npm_config_fund: 'false',
    };
    const runner = await createReadmeRunner(dir, env, { isolate: false });
    try {
      expect(await runner.run(join(REPO_ROOT, 'packages/client-sdk/README.md')), 'runnable blocks').toBeGreaterThan(1);
    } finally {
      await runner.close();
    }
    // Only the SDK and the schema, both from the tarballs: nothing else of teamchat.
    const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { resolved?: string }>;
    };
    const ours = Object.entries(lock.packages).filter(([path]) => path.includes('@teamchat/'));
    expect(Object.fromEntries(ours.map(([path, entry]) => [path, /\.tgz$/.test(entry.resolved ?? '')]))).toEqual({
      'node_modules/@teamchat/client-sdk': true,
      'node_modules/@teamchat/schema': true,
    });
    // The examples typecheck under strict with the shipped declarations (skipLibCheck: false).
    const tsconfig = JSON.parse(readFileSync(join(CONSUMER, 'tsconfig.json'), 'utf8')) as {
      compilerOptions: Record<string, unknown>;
    };
    const compilerOptions = { ...tsconfig.compilerOptions, typeRoots: [join(project.dir, 'node_modules', '@types')] };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['readme-*.ts'] }));
    const typecheck = await project.exec('tsc', ['-p', join(dir, 'tsconfig.json')], { cwd: dir });
    expect(`${typecheck.stdout}${typecheck.stderr}`).toBe('');
    rmSync(dir, { recursive: true, force: true });
  }, 300_000);
});
