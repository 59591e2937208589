/**
 * Runs the code blocks of a README that are marked runnable, in order, as a reader would type
 * them into a project that installed the packages (the scratch project):
 *
 * - ```` ```sh runnable ````: each line is a shell command and must succeed. A line that starts
 *   a server (`npm start …`, `npx teamchat-server …`, `npx teamchat-mock …`) keeps running in
 *   the background once it prints its "listening" line, until the README is done (the same
 *   line shown again later reuses it). `npm start` is the scratch project's script for
 *   `teamchat-server`, as it is this repository's.
 * - ```` ```console runnable ````: `$ command` lines, each followed by the output the README
 *   shows; every shown line must be in the output (a line `…` stands for lines left out, a `…`
 *   within a line for a value that varies: an ID, a count), and a shown `error: …` means the
 *   command must fail.
 * - ```` ```ts runnable ````: an ES module run with tsx (a block importing `vitest` runs as a
 *   vitest test file), written to `readme-<n>.ts` in the project, which the test may then
 *   typecheck (the scratch project's strict tsconfig does).
 *
 * Everything runs in a network namespace of its own when the machine allows it (root, `unshare`,
 * `nsenter`, `ip`), so the README's fixed ports (9991, 9992) are free whatever else runs here;
 * elsewhere those ports are replaced by free ones, and the test says so.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../../test-support/processes.js';

/** A runnable block of a README. */
export interface Block {
  readonly lang: 'sh' | 'console' | 'ts';
  readonly code: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
}

/** The blocks of `markdown` whose info string is `<lang> runnable`. */
export function runnableBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const open = /^```(sh|console|ts) runnable\s*$/.exec(lines[i] ?? '');
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    for (i += 1; i < lines.length && lines[i] !== '```'; i += 1) body.push(lines[i] ?? '');
    blocks.push({ lang: open[1] as Block['lang'], code: body.join('\n'), line: start + 1 });
  }
  return blocks;
}

const SERVER_COMMAND = /^(npm start|npx teamchat-server|npx teamchat-mock)\b/;

/** How commands reach the README's fixed ports. */
interface Isolation {
  /** The command line that runs `argv` inside the isolation. */
  wrap(argv: readonly string[]): string[];
  /** Rewrites a README text for this isolation (ports, when there is no namespace). */
  rewrite(text: string): string;
  readonly description: string;
  close(): void;
}

async function createIsolation(isolate: boolean): Promise<Isolation> {
  if (!isolate)
    return {
      wrap: (argv) => [...argv],
      rewrite: (text) => text,
      description: 'in the host network (a README that names no fixed port)',
      close: () => {},
    };
  const usable =
    process.getuid?.() === 0 && ['unshare', 'nsenter', 'ip'].every((tool) => spawnSync('which', [tool]).status === 0);
  if (usable) {
    // A process that holds a network namespace with loopback up; commands join it with nsenter.
    const holder = spawn('unshare', ['-n', 'sh', '-c', 'ip link set lo up && echo ready && exec sleep 3600'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const ready = await new Promise<boolean>((resolve) => {
      holder.stdout.once('data', () => resolve(true));
      holder.once('exit', () => resolve(false));
    });
    if (ready && holder.pid !== undefined) {
      const pid = String(holder.pid);
      return {
        wrap: (argv) => ['nsenter', '-t', pid, '-n', '--', ...argv],
        rewrite: (text) => text,
        description: "in a network namespace of its own (the README's ports as written)",
        close: () => void holder.kill('SIGKILL'),
      };
    }
  }
  const ports = new Map([
    ['9991', String(await freePort())],
    ['9992', String(await freePort())],
  ]);
  return {
    wrap: (argv) => [...argv],
    rewrite: (text) => text.replace(/\b(9991|9992)\b/g, (port) => ports.get(port) ?? port),
    description: `without a network namespace (not root, or no unshare/nsenter/ip): ports ${[...ports].map(([a, b]) => `${a}→${b}`).join(', ')}`,
    close: () => {},
  };
}

/** Where and how a README runs. */
export interface ReadmeRun {
  readonly isolation: string;
  /** Runs the runnable blocks of `readme` (a path); throws on the first failure, naming the block. */
  run(readme: string): Promise<number>;
  close(): Promise<void>;
}

/**
 * A README runner in the project `dir`, with `env` (PATH holds the project's bins, `tsx` among
 * them) and HOME a directory of its own. `isolate: false` runs in the host network, for a
 * README that reaches a server the test started outside (its address in `env`).
 */
export async function createReadmeRunner(
  dir: string,
  env: NodeJS.ProcessEnv,
  options: { isolate?: boolean } = {},
): Promise<ReadmeRun> {
  const isolation = await createIsolation(options.isolate ?? true);
  const home = join(dir, '.readme-home');
  mkdirSync(home, { recursive: true });
  const baseEnv = { ...env, HOME: home };
  const servers: ChildProcess[] = [];
  /** Server command lines running now: a README that shows `npm start` again reuses it. */
  const running = new Set<string>();
  let files = 0;

  const exec = (argv: readonly string[]): Promise<{ code: number | null; output: string }> =>
    new Promise((resolve) => {
      const [command = '', ...args] = isolation.wrap(argv);
      const child = spawn(command, args, { cwd: dir, env: baseEnv, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      child.once('error', (error) => resolve({ code: -1, output: `${output}${error.message}` }));
      child.once('close', (code) => resolve({ code, output }));
    });

  const startServer = (line: string): Promise<void> =>
    new Promise((resolve, reject) => {
      if (running.has(line)) return resolve();
      running.add(line);
      const [command = '', ...args] = isolation.wrap(['bash', '-c', `exec ${line}`]);
      const child = spawn(command, args, { cwd: dir, env: baseEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      servers.push(child);
      let output = '';
      const onData = (chunk: string): void => {
        output += chunk;
        if (/listening on http/.test(output)) resolve();
      };
      child.stdout.setEncoding('utf8').on('data', onData);
      child.stderr.setEncoding('utf8').on('data', onData);
      child.once('exit', (code) =>
        reject(new Error(`\`${line}\` exited with code ${String(code)} before listening:\n${output}`)),
      );
    });

  const stopServers = async (): Promise<void> => {
    running.clear();
    await Promise.all(
      servers.splice(0).map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return resolve();
            child.once('exit', () => resolve());
            // The group: `npm start` runs the server as its child.
            process.kill(-child.pid, 'SIGTERM');
          }),
      ),
    );
  };

  const runShell = async (where: string, line: string): Promise<void> => {
    if (SERVER_COMMAND.test(line)) return startServer(line);
    const { code, output } = await exec(['bash', '-c', line]);
    if (code !== 0) throw new Error(`${where}: \`${line}\` exited with code ${String(code)}:\n${output}`);
  };

  const runConsole = async (where: string, code: string): Promise<void> => {
    const entries: { command: string; shown: string[] }[] = [];
    for (const line of code.split('\n')) {
      if (line.startsWith('$ ')) entries.push({ command: line.slice(2), shown: [] });
      else entries.at(-1)?.shown.push(line);
    }
    const normalize = (text: string): string => text.trim().replace(/\s+/g, ' ');
    for (const { command, shown } of entries) {
      const result = await exec(['bash', '-c', command]);
      const failureShown = shown.some((line) => line.startsWith('error: '));
      if ((result.code === 0) === failureShown)
        throw new Error(`${where}: \`${command}\` exited with code ${String(result.code)}:\n${result.output}`);
      const got = result.output.split('\n').map(normalize);
      for (const line of shown.filter((text) => text.trim() !== '…' && text.trim() !== '')) {
        const pattern = new RegExp(
          `^${normalize(line)
            .split('…')
            .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
            .join('.+?')}$`,
        );
        if (!got.some((text) => pattern.test(text)))
          throw new Error(
            `${where}: \`${command}\` did not print the line the README shows:\n  ${line}\ngot:\n${result.output}`,
          );
      }
    }
  };

  const runTs = async (where: string, code: string): Promise<void> => {
    files += 1;
    const vitest = /from 'vitest'/.test(code);
    const name = `readme-${files}${vitest ? '.test' : ''}.ts`;
    writeFileSync(join(dir, name), code);
    const { code: exit, output } = await exec(vitest ? ['npx', 'vitest', 'run', name] : ['tsx', name]);
    if (exit !== 0) throw new Error(`${where}: the snippet failed (code ${String(exit)}):\n${code}\n---\n${output}`);
  };

  return {
    isolation: isolation.description,
    async run(readme) {
      const blocks = runnableBlocks(readFileSync(readme, 'utf8'));
      try {
        for (const block of blocks) {
          const where = `${readme}:${block.line}`;
          const code = isolation.rewrite(block.code);
          if (block.lang === 'ts') await runTs(where, code);
          else if (block.lang === 'console') await runConsole(where, code);
          else {
            for (const line of code.split('\n').map((text) => text.replace(/\s+#.*$/, '').trim())) {
              if (line !== '' && !line.startsWith('#')) await runShell(where, line);
            }
          }
        }
      } finally {
        await stopServers();
      }
      return blocks.length;
    },
    async close() {
      await stopServers();
      isolation.close();
    },
  };
}
