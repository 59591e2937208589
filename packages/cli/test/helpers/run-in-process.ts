import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { runCli } from '../../src/program/run-cli.js';
import { failure, fakeFetch, type Handler, type RecordedRequest } from './fake-fetch.js';

/** A distinctive API key, searched for in everything the CLI prints. */
export const SECRET_KEY = 'SeCrEtKeY0123456789abcdefghijklm';
export const EMAIL = 'admin@example.com';
export const SITE = 'https://chat.example.com';

/** Flags that configure a complete connection without any file or environment. */
export const CONNECTION = ['--site', SITE, '--email', EMAIL, '--api-key', SECRET_KEY];

/** What one in-process run produced. */
export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
  requests: RecordedRequest[];
}

/** Options of {@link run}. */
export interface RunOptions {
  /** The fake server; default: every request gets a TEST_UNEXPECTED_REQUEST error (exit code 1). */
  server?: Handler;
  /** Environment (default empty: the developer's ZULIP_* variables never leak in). */
  env?: Record<string, string | undefined>;
  /** Home directory (default: an empty temporary one, never the real ~/.zuliprc). */
  homeDir?: string;
  /** The person at the terminal: answers confirmations (default: no terminal). */
  prompt?: (question: string) => Promise<string>;
  /** What stdin holds (default: nothing). */
  stdin?: string;
}

/** Creates an empty temporary directory, removed after the test file. */
export function tempDir(prefix = 'teamchat-cli-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Writes a zuliprc file and returns its path. */
export function writeZuliprc(dir: string, name: string, fields: Record<string, string>): string {
  const path = join(dir, name);
  writeFileSync(
    path,
    `[api]\n${Object.entries(fields)
      .map(([key, value]) => `${key}=${value}`)
      .join('\n')}\n`,
  );
  return path;
}

// Created when a test file imports this module, so that the cleanup hook belongs to that file.
const emptyHome = tempDir('teamchat-cli-home-');

/** Runs `teamchat argv…` in-process with collected output and a fake server. */
export async function run(argv: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  let stdout = '';
  let stderr = '';
  // An error envelope, not a thrown error: the SDK would retry a network failure.
  const unexpected: Handler = (request) =>
    failure(400, 'TEST_UNEXPECTED_REQUEST', `unexpected request ${request.method} ${request.path}`);
  const { fetch, requests } = fakeFetch(options.server ?? unexpected);
  const code = await runCli(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: options.env ?? {},
    homeDir: options.homeDir ?? emptyHome,
    fetch,
    prompt: options.prompt,
    stdin: [options.stdin ?? ''],
  });
  return { code, stdout, stderr, requests };
}
