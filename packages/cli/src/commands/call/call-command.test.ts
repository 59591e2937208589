import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeParams, encodeParams, encodeParamValue, incomingEndpoints, type Endpoint } from '@teamchat/schema';
import { describe, expect, it } from 'vitest';
// The schema package's generator of valid parameters for any contract (strings chosen to trip codecs).
import { sampleParams } from '../../../../schema/test/sample-params.js';
import { failure, routes, success } from '../../../test/helpers/fake-fetch.js';
import { CONNECTION, run, tempDir } from '../../../test/helpers/run-in-process.js';

type ParamSchema = Parameters<typeof encodeParamValue>[0];

/** The wire text of one parameter value, as the HTTP API carries it. */
function wireText(endpoint: Endpoint, name: string, value: unknown): string {
  return encodeParamValue((endpoint.params.shape as Record<string, ParamSchema>)[name] as ParamSchema, value);
}

/**
 * The `NAME=VALUE` arguments a user would type for `params`: each value in its wire form, a
 * file as `NAME=@PATH` of a copy written to `dir`.
 */
function argsOf(endpoint: Endpoint, params: Record<string, unknown>, dir: string): string[] {
  return Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => {
      if (!(value instanceof File)) return `${name}=${wireText(endpoint, name, value)}`;
      const path = join(dir, `${name}.upload`);
      writeFileSync(path, sampleBytes.get(value) ?? '');
      return `${name}=@${path}`;
    });
}

/** The bytes of sample files, read once before the CLI runs (a File's bytes are read asynchronously). */
const sampleBytes = new Map<File, Uint8Array>();

/** Reads the bytes of every file in `params` into {@link sampleBytes}. */
async function loadSampleFiles(params: Record<string, unknown>): Promise<void> {
  for (const value of Object.values(params))
    if (value instanceof File) sampleBytes.set(value, new Uint8Array(await value.arrayBuffer()));
}

describe('teamchat call', () => {
  it('calls a contract by name and prints the response fields as key: value lines', async () => {
    const result = await run([...CONNECTION, 'call', 'users.me'], {
      server: routes({ 'GET /users/me': success({ user_id: 1, full_name: 'Olivia Owner', profile_data: {} }) }),
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('user_id:      1\nfull_name:    Olivia Owner\nprofile_data: {}\n');
  });

  it('calls a contract by "METHOD /path", with path parameters from the path or as NAME=VALUE', async () => {
    const server = routes({
      'GET /users/5': success({ user: { user_id: 5 } }),
      'GET /users': success({ members: [] }),
    });
    const concrete = await run([...CONNECTION, 'call', 'GET /users/5', '--json'], { server });
    expect(JSON.parse(concrete.stdout)).toEqual({ user: { user_id: 5 } });
    const template = await run([...CONNECTION, 'call', 'GET /users/{user_id}', 'user_id=5'], { server });
    const twoWords = await run([...CONNECTION, 'call', 'get', '/users/5'], { server });
    expect([concrete, template, twoWords].flatMap((r) => r.requests.map((q) => `${q.method} ${q.path}`))).toEqual(
      Array(3).fill('GET /users/5'),
    );
    const withQuery = await run([...CONNECTION, 'call', 'GET /users?user_ids=[1,2]'], { server });
    expect(withQuery.requests[0]?.params.get('user_ids')).toBe('[1,2]');
  });

  it('picks the contract of a concrete path as the server does: GET /users/007 is users.get, not users.getByEmail', async () => {
    const result = await run([...CONNECTION, 'call', 'GET /users/007'], {
      server: routes({ 'GET /users/007': success({ user: {} }) }),
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: invalid arguments for users\.get: user_id is not valid JSON\n/);
    expect(result.requests).toHaveLength(0);
  });

  it('sends only the parameters given, decoded by the contract: strings raw, the rest JSON', async () => {
    const result = await run(
      [...CONNECTION, 'call', 'channels.create', 'name=5', 'subscribers=[1, 2]', 'announce=true'],
      {
        server: routes({ 'POST /channels/create': success({ id: 9 }) }),
      },
    );
    expect(result.stdout).toBe('id: 9\n');
    // The name is the string "5": JSON-looking text of a string parameter travels as is.
    expect(Object.fromEntries(result.requests[0]?.params ?? [])).toEqual({
      name: '5',
      subscribers: '[1,2]',
      announce: 'true',
    });
  });

  it('exits with code 1 and prints code, message and var_name for an API error', async () => {
    const result = await run([...CONNECTION, 'call', 'users.list', 'user_ids=[999]'], {
      server: () => failure(400, 'BAD_REQUEST', 'Invalid user ID: 999', { var_name: 'user_ids' }),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('error: BAD_REQUEST: Invalid user ID: 999 (var_name: user_ids)\n');
  });

  it('exits with code 2 for unknown endpoints and parameters, bad values and missing arguments, before any request', async () => {
    const cases = [
      {
        argv: ['call', 'users.lst'],
        stderr:
          "error: unknown endpoint 'users.lst'\nhint: did you mean users.list? (teamchat call --list shows them all)\n",
      },
      {
        argv: ['call', 'users.list', 'user_id=[1]'],
        stderr: "error: unknown parameter 'user_id' for users.list (GET /users)\nhint: did you mean user_ids?\n",
      },
      {
        argv: ['call', 'users.get', 'user_id=abc'],
        stderr: 'error: invalid arguments for users.get: user_id is not valid JSON\n',
      },
      {
        argv: ['call', 'channels.create', 'name=x'],
        stderr: "error: invalid arguments for channels.create: Missing 'subscribers' argument\n",
      },
      { argv: ['call'], stderr: 'error: missing ENDPOINT\n' },
      { argv: ['call', 'TRACE /users'], stderr: "error: unknown endpoint 'TRACE /users'\n" },
    ];
    for (const { argv, stderr } of cases) {
      const result = await run([...CONNECTION, ...argv]);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.stderr, argv.join(' ')).toContain(stderr);
      expect(result.requests).toEqual([]);
    }
  });

  it('prints the request instead of sending it with --dry-run', async () => {
    const result = await run(['call', 'PATCH /settings', 'emojiset=text', '--dry-run']);
    expect(result).toMatchObject({
      code: 0,
      stdout: 'dry run: nothing was sent\nPATCH /api/v1/settings (settings.update)\n  emojiset=text\n',
    });
  });

  it('uploads the file NAME=@PATH names, as multipart/form-data with its base name', async () => {
    const dir = tempDir();
    const path = join(dir, 'notes.txt');
    writeFileSync(path, 'hello from the CLI');
    const server = routes({
      'POST /user_uploads': success({
        url: '/user_uploads/1/ab/x/notes.txt',
        uri: '/user_uploads/1/ab/x/notes.txt',
        filename: 'notes.txt',
      }),
    });
    const result = await run([...CONNECTION, 'call', 'uploads.upload', `file=@${path}`, '--json'], { server });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toMatchObject({ filename: 'notes.txt' });
    const [file] = result.requests[0]?.files ?? [];
    expect(file?.name).toBe('notes.txt');
    expect(await file?.text()).toBe('hello from the CLI');

    const dryRun = await run(['call', 'uploads.upload', `file=@${path}`, '--dry-run']);
    expect(dryRun.stdout).toBe(
      'dry run: nothing was sent\nPOST /api/v1/user_uploads (uploads.upload)\n  file=@notes.txt (18 bytes, multipart/form-data)\n',
    );
  });

  it('refuses a file parameter without @ and a file it cannot read (usage, exit 2), sending nothing', async () => {
    const withoutAt = await run([...CONNECTION, 'call', 'uploads.upload', 'file=notes.txt']);
    expect(withoutAt).toMatchObject({ code: 2, requests: [] });
    expect(withoutAt.stderr).toContain("error: 'file' is a file: write file=@PATH\n");
    const missing = await run([...CONNECTION, 'call', 'uploads.upload', 'file=@/nonexistent/teamchat.txt']);
    expect(missing).toMatchObject({ code: 2, requests: [] });
    expect(missing.stderr).toContain("error: cannot read '/nonexistent/teamchat.txt' for 'file' (ENOENT)\n");
  });

  it('lists the parameters of an endpoint with their types (--params)', async () => {
    const result = await run(['call', 'users.list', '--params']);
    expect(result.stdout).toMatch(/^GET \/users \(users\.list\): List the users/);
    expect(result.stdout).toMatch(/\n {2}user_ids +JSON list\n/);
  });
});

describe('teamchat call --list', () => {
  it('prints a table of every incoming endpoint, without configuration', async () => {
    const result = await run(['call', '--list']);
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^NAME +METHOD +PATH +SUMMARY$/);
    expect(lines).toHaveLength(incomingEndpoints.length + 1);
    expect(result.stdout).toMatch(/\nusers\.list +GET +\/users +List the users of the organization\.\n/);
    expect(result.stdout).toMatch(
      /\nsettings\.updateDisplay +PATCH +\/settings\/display +\(deprecated: use settings\.update\)/,
    );
    expect(result.stdout).not.toContain('outgoingWebhooks.notify');
  });

  it('prints name, method, path and summary of each endpoint as JSON', async () => {
    const result = await run(['call', '--list', '--json']);
    const list = JSON.parse(result.stdout) as { name: string; method: string; path: string; summary: string }[];
    expect(list.map((e) => e.name)).toEqual(incomingEndpoints.map((e) => e.name));
    expect(list.find((e) => e.name === 'channels.create')).toMatchObject({
      method: 'POST',
      path: '/channels/create',
      since: 417,
    });
  });
});

/** The file parameters of decoded params, apart from the others. */
function splitFiles(params: Record<string, unknown>): { files: Record<string, File>; others: Record<string, unknown> } {
  const files: Record<string, File> = {};
  const others: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value instanceof File) files[name] = value;
    else others[name] = value;
  }
  return { files, others };
}

describe('teamchat call on every incoming contract', () => {
  // Any answer will do: the test is about what the CLI sends.
  const server = () => success({ ok: true });
  const dir = tempDir();

  it.each(incomingEndpoints.map((endpoint) => [endpoint.name, endpoint] as const))(
    '%s sends exactly the parameters given as NAME=VALUE, by name and by route',
    async (_name, endpoint) => {
      for (const [variant, target] of [
        [0, endpoint.name],
        [1, `${endpoint.method} ${endpoint.path}`],
      ] as const) {
        const sample = sampleParams(endpoint.params, variant, endpoint.name);
        await loadSampleFiles(sample);
        const result = await run([...CONNECTION, 'call', target, ...argsOf(endpoint, sample, dir), '--json'], {
          server,
        });
        expect(result.stderr, `${target} ${JSON.stringify(sample)}`).toBe('');
        expect(result.code).toBe(0);
        expect(JSON.parse(result.stdout)).toEqual({ ok: true });

        const expected = encodeParams(endpoint, sample);
        const [request] = result.requests;
        expect(`${request?.method} ${request?.url.pathname}`).toBe(`${expected.method} /api/v1${expected.path}`);
        const pathTexts = Object.fromEntries(
          endpoint.pathParams.map((name) => [name, wireText(endpoint, name, sample[name])]),
        );
        const received = decodeParams(endpoint, {
          path: pathTexts,
          body: request?.params ?? null,
          files: request?.files ?? [],
        });
        const { files: sentFiles, others: sentParams } = splitFiles(received.params as Record<string, unknown>);
        const { files: sampleFiles, others: sampleOthers } = splitFiles(
          endpoint.params.parse(sample) as Record<string, unknown>,
        );
        expect(sentParams).toStrictEqual(sampleOthers);
        expect(Object.keys(sentFiles)).toEqual(Object.keys(sampleFiles));
        for (const [name, file] of Object.entries(sentFiles)) {
          expect(file.name).toBe(`${name}.upload`);
          expect(new Uint8Array(await file.arrayBuffer())).toEqual(sampleBytes.get(sampleFiles[name] as File));
        }
        expect(received.ignored).toEqual([]);
      }
    },
  );
});
