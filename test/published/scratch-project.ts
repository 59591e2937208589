/**
 * A project outside the workspace that installed the packages as a user gets them: `npm pack`
 * tarballs of every package, installed with npm (third-party dependencies from npm's cache or
 * the registry), no workspace links. Built once per test file.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../../test-support/fresh-build.js';
import { publishedPackages, type PublishedPackage } from '../../scripts/published-packages.mjs';

const run = promisify(execFile);

/** The published packages (every workspace that is not private), in dependency order. */
export const PACKAGES: readonly PublishedPackage[] = publishedPackages();

/** Tools the scratch project installs beside the packages, at the versions the workspace locks. */
const TOOLS = { dependencies: ['msw'], devDependencies: ['typescript', 'vitest', 'tsx', '@types/node'] } as const;

/** What a command printed and how it ended. */
export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The installed scratch project. */
export interface ScratchProject {
  /** The project directory (its package.json, node_modules, the files a test copies in). */
  readonly dir: string;
  /** The environment commands run with: no npm_* variables of the outer `npm test`. */
  readonly env: NodeJS.ProcessEnv;
  /**
   * What `$TEAMCHAT` stands for in the READMEs' install lines (the clone): its `tarballs/` holds
   * what `npm run pack` wrote.
   */
  readonly teamchat: string;
  /** How each `@teamchat/*` package was resolved, from the project's package-lock.json. */
  resolved(): Record<string, string>;
  /** Runs `command args…` in the project, with its `node_modules/.bin` on the PATH; never rejects. */
  exec(
    command: string,
    args: readonly string[],
    options?: { env?: NodeJS.ProcessEnv; cwd?: string },
  ): Promise<CommandResult>;
  /** Starts a long-running command in the project and resolves once its output matches `ready`. */
  start(
    command: string,
    args: readonly string[],
    ready: RegExp,
  ): Promise<{ child: ChildProcess; output: () => string; match: RegExpExecArray }>;
  /** Stops what {@link start} started and removes the project. */
  remove(): Promise<void>;
}

function lockedVersion(name: string): string {
  const lock = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string }>;
  };
  const version = lock.packages[`node_modules/${name}`]?.version;
  if (!version) throw new Error(`${name} is not in the workspace's package-lock.json`);
  return version;
}

/** The outer environment without what `npm test` adds (npm_config_*, npm_package_*, …), which would steer the inner npm. */
export function cleanEnv(binDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^npm_/i.test(key) && !/^npm_config_(cache|registry|userconfig|globalconfig)$/i.test(key)) continue;
    if (key === 'NODE_OPTIONS' || key.startsWith('VITEST') || key === 'TEST' || key === 'INIT_CWD') continue;
    env[key] = value;
  }
  env['PATH'] = `${binDir}:${process.env['PATH'] ?? ''}`;
  env['NO_COLOR'] = '1';
  return env;
}

/**
 * Packs every package (`npm run pack`), installs the tarballs into a new directory under the
 * system temp dir, and returns the project. Needs current builds (`npm run build`).
 */
export async function createScratchProject(): Promise<ScratchProject> {
  const root = mkdtempSync(join(tmpdir(), 'teamchat-packed-'));
  const tarballs = join(root, 'tarballs');
  const dir = join(root, 'project');
  mkdirSync(tarballs);
  mkdirSync(dir);
  const started: ChildProcess[] = [];
  const env = cleanEnv(join(dir, 'node_modules', '.bin'));
  const project: ScratchProject = {
    dir,
    env,
    teamchat: root,
    resolved() {
      const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as {
        packages: Record<string, { resolved?: string }>;
      };
      return Object.fromEntries(
        Object.entries(lock.packages)
          .filter(([path]) => path.includes('@teamchat/'))
          .map(([path, entry]) => [path, entry.resolved ?? '(none)']),
      );
    },
    exec(command, args, options = {}) {
      return new Promise((resolve) => {
        const child = spawn(command, [...args], {
          cwd: options.cwd ?? dir,
          env: { ...env, ...options.env },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stdout = '';
        let stderr = '';
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
        child.once('error', (error) => resolve({ code: -1, stdout, stderr: `${stderr}${error.message}` }));
        child.once('close', (code) => resolve({ code, stdout, stderr }));
      });
    },
    start(command, args, ready) {
      return new Promise((resolve, reject) => {
        // Its own process group: `npx` starts the program as its child, and stopping npx alone
        // left that program running after the tests.
        const child = spawn(command, [...args], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
        started.push(child);
        let text = '';
        const onData = (chunk: string): void => {
          text += chunk;
          const match = ready.exec(text);
          if (match) resolve({ child, output: () => text, match });
        };
        child.stdout.setEncoding('utf8').on('data', onData);
        child.stderr.setEncoding('utf8').on('data', onData);
        child.once('error', reject);
        child.once('exit', (code) =>
          reject(new Error(`${command} ${args.join(' ')} exited with code ${String(code)}:\n${text}`)),
        );
      });
    },
    async remove() {
      await Promise.all(
        started.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('exit', () => resolve());
              try {
                process.kill(-(child.pid as number), 'SIGTERM');
              } catch {
                child.kill('SIGTERM');
              }
            }),
        ),
      );
      rmSync(root, { recursive: true, force: true });
    },
  };
  try {
    // The documented way: `npm run pack` (scripts/pack.mjs), every package into one folder.
    const { stdout } = await run(process.execPath, [join(REPO_ROOT, 'scripts/pack.mjs'), '--out', tarballs, '--json'], {
      cwd: REPO_ROOT,
      env: cleanEnv(''),
      maxBuffer: 64 * 1024 * 1024,
    });
    const packed = (JSON.parse(stdout) as { packages: { name: string; tarball: string }[] }).packages;
    const dependencies: Record<string, string> = Object.fromEntries(
      packed.map((entry) => [entry.name, `file:${entry.tarball}`]),
    );
    for (const name of TOOLS.dependencies) dependencies[name] = lockedVersion(name);
    const devDependencies = Object.fromEntries(TOOLS.devDependencies.map((name) => [name, lockedVersion(name)]));
    // `npm start` runs the server, as in this repository (the READMEs say `npm start`).
    const scripts = { start: 'teamchat-server' };
    writeFileSync(
      join(dir, 'package.json'),
      `${JSON.stringify({ name: 'teamchat-scratch', private: true, type: 'module', scripts, dependencies, devDependencies }, null, 2)}\n`,
    );
    const install = await project.exec('npm', [
      'install',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
    ]);
    if (install.code !== 0) throw new Error(`npm install in the scratch project failed:\n${install.stderr}`);
    return project;
  } catch (error) {
    await project.remove();
    throw error;
  }
}
