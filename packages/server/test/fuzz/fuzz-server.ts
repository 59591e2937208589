import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { API_PREFIX, encodeParams, isFileParam, type Endpoint } from '@teamchat/schema';
import { sampleParams } from '../../../schema/test/sample-params.js';
import { assembleServer } from '../../src/assemble-server.js';
import type { Db } from '../../src/core/model/db.js';
import { createDiskFileStore, uploadsDirOf } from '../../src/node/disk-file-store.js';
import { listen, type RunningServer } from '../../src/node/node-server.js';
import { openDiskStore } from '../../src/store/disk/index.js';
import type { Store } from '../../src/store/store.js';

/** A request as the fuzzer sends it. */
interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** What was done to the valid sample, for the report. */
  mutations: string[];
}

/** What a fuzz run found. */
export interface FuzzReport {
  /** Requests sent and answered. */
  requests: number;
  /** Requests the client could not even send (header values fetch refuses); not counted above. */
  unsendable: number;
  /** Answers by status class. */
  byStatus: Record<string, number>;
  /** 5xx answers, answers that were not a JSON envelope, hangs, and rejected requests that changed the store. */
  failures: string[];
  endpoints: number;
}

/** A fresh reference server over a disk store in a temp dir, the demo organization seeded, rate limits off. */
export async function startFuzzTarget(): Promise<{
  url: string;
  store: Store<Db>;
  settle(): Promise<void>;
  close(): Promise<void>;
}> {
  const dir = mkdtempSync(join(tmpdir(), 'teamchat-fuzz-'));
  const dataFile = join(dir, 'data.json');
  const { store } = await openDiskStore<Db>(dataFile, { log: { info: () => {}, warn: () => {} } });
  const now = Date.UTC(2026, 0, 5, 9);
  const { core, handler, accounts } = await assembleServer({
    store,
    files: createDiskFileStore(uploadsDirOf(dataFile)),
    now: () => now,
    // Contract checks on: an answer outside its contract is a 500, and a failure here.
    config: { validateResponses: true, heartbeatMs: 200 },
    seed: { passwordIterations: 1000 },
  });
  const running: RunningServer = await listen({ handler });
  const owner = accounts?.find((a) => a.role === 'owner');
  ownerAuth = `Basic ${btoa(`${owner?.email}:${owner?.apiKey}`)}`;
  ownerEmail = owner?.email ?? '';
  return {
    url: running.url,
    store,
    // Background work that earlier requests started (outbox jobs: push registrations, webhook deliveries).
    settle: () => core.services.jobs.idle(),
    async close() {
      await running.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let ownerAuth = '';
let ownerEmail = '';

/** A cheap, exact picture of the store: its sequence number and every record by identity (records are replaced, never changed). */
function picture(store: Store<Db>): { seq: number; records: unknown[][] } {
  const { seq, collections } = store.snapshot();
  return {
    seq,
    records: Object.keys(collections)
      .sort()
      .map((name) => collections[name] as unknown[]),
  };
}

function samePicture(a: ReturnType<typeof picture>, b: ReturnType<typeof picture>): boolean {
  if (a.seq !== b.seq || a.records.length !== b.records.length) return false;
  return a.records.every(
    (list, i) => list.length === b.records[i]?.length && list.every((record, j) => record === b.records[i]?.[j]),
  );
}

/** A valid sample of the endpoint's parameters as wire fields (strings) and path values; empty when none can be made. */
function validWire(endpoint: Endpoint, variant: number): { fields: Map<string, string>; path: Map<string, string> } {
  const fields = new Map<string, string>();
  const path = new Map<string, string>();
  let params: Record<string, unknown>;
  try {
    params = sampleParams(endpoint.params, variant, endpoint.name);
  } catch {
    return { fields, path };
  }
  for (const [name, schema] of Object.entries(endpoint.params.shape))
    if (isFileParam(schema as never)) delete params[name];
  for (const name of endpoint.pathParams) {
    path.set(name, encodeURIComponent(String(params[name] ?? '1')));
    delete params[name];
  }
  const encoded = encodeParams({ ...endpoint, pathParams: [] } as Endpoint, params);
  for (const [k, v] of encoded.body ?? encoded.query) fields.set(k, v);
  return { fields, path };
}

const WRONG_VALUES = [
  'true',
  'false',
  'null',
  '0',
  '-1',
  '1.5',
  '1e309',
  '9007199254740993',
  '""',
  '"x"',
  '[]',
  '[1,"a",null]',
  '{}',
  '{"a":1}',
  'NaN',
  'undefined',
  '',
];
const BAD_JSON = [
  '[1,2',
  '{"a":',
  '{a:1}',
  "['x']",
  '01',
  '+1',
  '.5',
  '"unterminated',
  '[,]',
  'tru',
  '\u0000',
  '{"__proto__":{"x":1}}',
];
const NASTY_TEXT = [
  'a\u0000b',
  '\u0000',
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uDBFF',
  '\u202Ehello',
  '\uFEFF',
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '🙂'.repeat(50),
];
const BAD_IDS = [
  '-1',
  '0',
  '99999999999999999999',
  'abc',
  '%00',
  '..%2F..',
  '1.5',
  '0x10',
  '%201',
  '%F0%9F%99%82',
  '1e3',
  '%22%22',
  'null',
  '-0',
  `${'9'.repeat(400)}`,
];

/** `value` URL-encoded as a path segment; a lone surrogate becomes the invalid UTF-8 `%ED%A0%80`. */
function pathSegment(value: string): string {
  return value
    .replace(/[\uD800-\uDFFF]/g, (c, i: number) => {
      const code = c.charCodeAt(0);
      const pair = code < 0xdc00 ? value.charCodeAt(i + 1) : value.charCodeAt(i - 1);
      return (code < 0xdc00 ? pair >= 0xdc00 && pair <= 0xdfff : pair >= 0xd800 && pair < 0xdc00)
        ? c
        : '\u0000SURROGATE';
    })
    .split('\u0000SURROGATE')
    .map((part) => encodeURIComponent(part))
    .join('%ED%A0%80');
}

/** Deeply nested JSON, `depth` levels. */
const nested = (depth: number, object: boolean) =>
  object ? '{"a":'.repeat(depth) + '1' + '}'.repeat(depth) : '['.repeat(depth) + ']'.repeat(depth);

/** A mutation of one field value. */
const fieldValue = fc.oneof(
  fc.constantFrom(...WRONG_VALUES).map((v) => ({ value: v, label: 'wrong type' })),
  fc.constantFrom(...BAD_JSON).map((v) => ({ value: v, label: 'invalid JSON' })),
  fc.constantFrom(...NASTY_TEXT).map((v) => ({ value: v, label: 'NUL/surrogate/odd text' })),
  fc.integer({ min: 10, max: 200_000 }).map((n) => ({ value: 'x'.repeat(n), label: `huge string (${n})` })),
  fc
    .tuple(fc.integer({ min: 50, max: 100_000 }), fc.boolean())
    .map(([d, o]) => ({ value: nested(d, o), label: `nested ${d} deep` })),
  fc
    .integer({ min: 1000, max: 200_000 })
    .map((n) => ({ value: JSON.stringify(Array.from({ length: n }, (_, i) => i)), label: `list of ${n}` })),
  fc.json().map((v) => ({ value: v, label: 'random JSON' })),
  fc.string({ unit: 'binary', maxLength: 40 }).map((v) => ({ value: v, label: 'random text' })),
);

const malformedAuth = fc.oneof(
  fc.constantFrom(
    'Basic',
    'Basic ',
    'Basic !!!!',
    `Basic ${btoa('no-colon')}`,
    `Basic ${btoa(':')}`,
    `Basic ${btoa('a@b:short')}`,
    'Digest abc',
    'Bearer x',
    `Basic ${'A'.repeat(6000)}`,
  ),
  fc.string({ maxLength: 60 }).map((s) => `Basic ${btoa(unescape(encodeURIComponent(s)))}`),
  fc
    .string({ minLength: 32, maxLength: 32 })
    .map((key) => `Basic ${btoa(unescape(encodeURIComponent(`${ownerEmail}:${key}`)))}`),
);

const contentTypes = fc.constantFrom(
  'application/json',
  'text/plain',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/x-www-form-urlencoded; charset=utf-7',
  'garbage/\u00ff',
  'application/octet-stream',
);

/** Requests for `endpoint`: a valid sample with one or more things wrong with it. */
function requestsFor(endpoint: Endpoint): fc.Arbitrary<FuzzRequest> {
  const names = [...Object.keys(endpoint.params.shape), ...endpoint.pathParams];
  const mutation = fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(...(names.length ? names : ['x'])), fieldValue)
        .map(([name, v]) => ({ kind: 'set' as const, name, ...v })),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...(names.length ? names : ['x']))
        .map((name) => ({ kind: 'drop' as const, name, value: '', label: `missing ${name}` })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.string({ minLength: 1, maxLength: 12 }), fieldValue)
        .map(([name, v]) => ({ kind: 'extra' as const, name, ...v, label: `extra ${v.label}` })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...BAD_IDS)
        .map((value) => ({ kind: 'path' as const, name: '', value, label: `bad path id ${value}` })),
    },
    {
      weight: 1,
      arbitrary: contentTypes.map((value) => ({
        kind: 'type' as const,
        name: '',
        value,
        label: `content type ${value}`,
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1, max: 400 })
        .map((n) => ({ kind: 'truncate' as const, name: '', value: String(n), label: `truncated multipart at ${n}` })),
    },
    {
      weight: 1,
      arbitrary: malformedAuth.map((value) => ({
        kind: 'auth' as const,
        name: '',
        value,
        label: 'malformed Basic auth',
      })),
    },
  );
  return fc.tuple(fc.nat(5), fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([variant, mutations]) => {
    const { fields, path } = validWire(endpoint, variant);
    const headers: Record<string, string> = { authorization: ownerAuth };
    let contentType = 'application/x-www-form-urlencoded';
    let truncateAt: number | null = null;
    let badPath: string | null = null;
    for (const m of mutations) {
      if (m.kind === 'set' || m.kind === 'extra')
        (endpoint.pathParams.includes(m.name) ? path : fields).set(m.name, m.value);
      else if (m.kind === 'drop') fields.delete(m.name);
      else if (m.kind === 'path') badPath = m.value;
      else if (m.kind === 'type') contentType = m.value;
      else if (m.kind === 'truncate') truncateAt = Number(m.value);
      else if (m.kind === 'auth') headers['authorization'] = m.value;
    }
    let route = endpoint.path;
    for (const name of endpoint.pathParams) {
      const value = badPath ?? path.get(name) ?? '1';
      route = route.replace(
        `{${name}}`,
        !badPath && mutations.some((m) => m.name === name) ? pathSegment(value) : value,
      );
    }
    const request: FuzzRequest = {
      method: endpoint.method,
      path: `${API_PREFIX}${route}`,
      headers,
      mutations: mutations.map((m) => m.label),
    };
    const form = new URLSearchParams([...fields]);
    if (endpoint.method === 'GET') {
      request.path += `?${form}`;
      return request;
    }
    if (truncateAt !== null || contentType.startsWith('multipart/form-data')) {
      const boundary = 'fuzzboundary';
      const parts = [...fields]
        .map(([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join('');
      const file = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="f.txt"\r\ncontent-type: text/plain\r\n\r\nhello\r\n`;
      const whole = `${parts}${file}--${boundary}--\r\n`;
      request.body = truncateAt === null ? whole : whole.slice(0, Math.min(truncateAt, whole.length - 1));
      headers['content-type'] =
        contentType === 'multipart/form-data' || truncateAt !== null
          ? `multipart/form-data; boundary=${boundary}`
          : contentType;
      return request;
    }
    headers['content-type'] = contentType;
    request.body = contentType === 'application/json' ? JSON.stringify(Object.fromEntries(fields)) : form.toString();
    return request;
  });
}

/** Sends one request; a failure message, or null when the answer is acceptable. */
async function check(
  url: string,
  store: Store<Db>,
  request: FuzzRequest,
  report: FuzzReport,
  settle?: () => Promise<void>,
): Promise<string | null> {
  // The store's picture is taken once the jobs of earlier requests are done: their outcomes are
  // writes, which are no fault of this request.
  await settle?.();
  const before = picture(store);
  let response: Response;
  try {
    response = await fetch(`${url}${request.path}`, {
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body as BodyInit }),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    if (error instanceof TypeError && !String((error as { cause?: unknown }).cause ?? '').includes('ECONN')) {
      // fetch refused to send it (a header value it does not allow): nothing reached the server.
      report.unsendable += 1;
      return null;
    }
    return `no answer (${error instanceof Error ? error.name : String(error)}: ${String((error as { cause?: unknown }).cause ?? error)})`;
  }
  report.requests += 1;
  const klass = `${Math.floor(response.status / 100)}xx`;
  report.byStatus[klass] = (report.byStatus[klass] ?? 0) + 1;
  const text = await response.text();
  if (response.status >= 500) return `${response.status} ${text.slice(0, 200)}`;
  let body: { result?: unknown; msg?: unknown } | null;
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return `${response.status} with a body that is not JSON: ${text.slice(0, 100)}`;
  }
  if (response.status >= 400) {
    if (body?.result !== 'error' || typeof body.msg !== 'string')
      return `${response.status} without an error envelope: ${text.slice(0, 200)}`;
    if (!samePicture(before, picture(store))) return `${response.status} (${String(body.msg)}) but the store changed`;
  } else if (body?.result !== 'success') {
    return `${response.status} without a success envelope: ${text.slice(0, 200)}`;
  }
  return null;
}

/**
 * Fuzzes every contract of `endpoints` with `runsPerEndpoint` generated requests each (fast-check,
 * `seed` for a reproducible run), against the server at `url`. Failures are collected, not
 * thrown, so that a run reports all of them.
 */
export async function fuzzEndpoints(options: {
  url: string;
  store: Store<Db>;
  /** Waits for the background work of earlier requests (the target's `settle`). */
  settle?: () => Promise<void>;
  endpoints: readonly Endpoint[];
  runsPerEndpoint: number;
  seed?: number;
}): Promise<FuzzReport> {
  const report: FuzzReport = {
    requests: 0,
    unsendable: 0,
    byStatus: {},
    failures: [],
    endpoints: options.endpoints.length,
  };
  for (const endpoint of options.endpoints) {
    await fc.assert(
      fc.asyncProperty(requestsFor(endpoint), async (request) => {
        const failure = await check(options.url, options.store, request, report, options.settle);
        if (failure && report.failures.length < 50)
          report.failures.push(
            `${endpoint.name} ${request.method} ${request.path.slice(0, 120)} [${request.mutations.join('; ')}]: ${failure}`,
          );
        return true;
      }),
      { numRuns: options.runsPerEndpoint, ...(options.seed === undefined ? {} : { seed: options.seed }) },
    );
  }
  return report;
}
