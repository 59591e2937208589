import { defaultRateLimits, type OrganizationFixtureInput, type ServerConfig } from '@teamchat/server';
import type { EventFilter, RequestFilter, TeamchatMock } from '../create-mock.js';
import type { FaultQueue } from './fault-queue.js';

const ok = (body: Record<string, unknown> = {}) => Response.json({ result: 'success', msg: '', ...body });
const TAG = '[teamchat-mock] ';
const bad = (msg: string) =>
  Response.json(
    { result: 'error', msg: msg.startsWith(TAG) ? msg : `${TAG}${msg}`, code: 'BAD_REQUEST' },
    { status: 400 },
  );

async function jsonBody(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('the body is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error('the body must be a JSON object');
  return value as Record<string, unknown>;
}

/** A query parameter that must be a positive integer when given. */
function positiveInteger(query: URLSearchParams, name: string, route: string): number | undefined {
  const value = query.get(name);
  if (value === null) return undefined;
  if (!/^[1-9]\d*$/.test(value)) throw new Error(`${route}: ${name} must be a positive integer`);
  return Number(value);
}

/** `account=`: a role, an email address, or a user ID. */
function accountOf(query: URLSearchParams): { account?: string | number } {
  const account = query.get('account');
  if (account === null) return {};
  return { account: /^\d+$/.test(account) ? Number(account) : account };
}

/** What a control route gets. */
interface Control {
  mock: TeamchatMock;
  faults: FaultQueue;
  request: Request;
  query: URLSearchParams;
}

/** One control route: its method, its name below `/__mock/`, what it does (the index shows it), its answer. */
interface ControlRoute {
  method: 'GET' | 'POST' | 'DELETE';
  name: string;
  description: string;
  answer(control: Control): Response | Promise<Response>;
}

/** The mock's control routes, as the index at `/__mock/` lists them. */
const CONTROL_ROUTES: readonly ControlRoute[] = [
  {
    method: 'GET',
    name: 'accounts',
    description: 'the accounts: role, email, API key, password',
    answer: ({ mock }) => ok({ accounts: mock.accountList }),
  },
  {
    method: 'GET',
    name: 'requests',
    description: 'the requests the mock answered, oldest first (endpoint=, account=, status=)',
    answer: ({ mock, query }) => {
      const status = positiveInteger(query, 'status', 'GET /__mock/requests');
      const endpoint = query.get('endpoint');
      const filter: RequestFilter = {
        ...accountOf(query),
        ...(endpoint === null ? {} : { endpoint }),
        ...(status === undefined ? {} : { status }),
      };
      return ok({ requests: mock.requests(filter) });
    },
  },
  {
    method: 'GET',
    name: 'events',
    description: 'the events put into each queue and whether a poll fetched them (queue_id=, account=, type=)',
    answer: ({ mock, query }) => {
      const queueId = query.get('queue_id');
      const type = query.get('type');
      const filter: EventFilter = {
        ...accountOf(query),
        ...(queueId === null ? {} : { queue_id: queueId }),
        ...(type === null ? {} : { type }),
      };
      return ok({ events: mock.events(filter) });
    },
  },
  {
    method: 'GET',
    name: 'emails',
    description: 'the emails the server would have sent, oldest first (to=, last=)',
    answer: ({ mock, query }) => {
      const last = positiveInteger(query, 'last', 'GET /__mock/emails');
      const to = query.get('to');
      return ok({ emails: mock.emails({ ...(to === null ? {} : { to }), ...(last === undefined ? {} : { last }) }) });
    },
  },
  // The fixture itself, not in an envelope: what POST /__mock/fixture and `teamchat-server --seed` read.
  {
    method: 'GET',
    name: 'fixture',
    description: 'the current state as an organization fixture (no envelope)',
    answer: ({ mock }) => Response.json(mock.exportFixture()),
  },
  {
    method: 'POST',
    name: 'fixture',
    description: 'a fixture (JSON body) becomes the seeded state; faults are cleared',
    answer: async ({ mock, faults, request }) => {
      await mock.load((await jsonBody(request)) as OrganizationFixtureInput);
      faults.clear();
      return ok({ accounts: mock.accountList });
    },
  },
  {
    method: 'POST',
    name: 'reset',
    description: 'back to the seeded state and start time; faults are cleared',
    answer: ({ mock, faults }) => {
      mock.reset();
      faults.clear();
      return ok();
    },
  },
  {
    method: 'GET',
    name: 'clock',
    description: "the mock's clock (now, in ms)",
    answer: ({ mock }) => ok({ now: mock.clock.now() }),
  },
  {
    method: 'POST',
    name: 'clock',
    description: 'moves the clock: advance_ms=N or set_ms=N',
    answer: ({ mock, query }) => {
      const advance = query.get('advance_ms');
      const set = query.get('set_ms');
      if (advance !== null) mock.clock.advance(Number(advance));
      else if (set !== null) mock.clock.set(Number(set));
      else return bad('POST /__mock/clock needs advance_ms=N or set_ms=N');
      return ok({ now: mock.clock.now() });
    },
  },
  {
    method: 'POST',
    name: 'configure',
    description: 'server settings (JSON body), e.g. {"heartbeatMs": 100} or {"rateLimits": "default"}',
    answer: async ({ mock, request }) => {
      const config = await jsonBody(request);
      // `"rateLimits": "default"` turns on the server's default rate limits.
      if (config['rateLimits'] === 'default') config['rateLimits'] = defaultRateLimits;
      mock.configure(config as Partial<ServerConfig>);
      return ok();
    },
  },
  {
    method: 'POST',
    name: 'expire_event_queues',
    description: 'deletes event queues (all, or queue_id=): the next poll gets BAD_EVENT_QUEUE_ID',
    answer: ({ mock, query }) => {
      mock.expireEventQueues(query.get('queue_id') ?? undefined);
      return ok();
    },
  },
  {
    method: 'GET',
    name: 'faults',
    description: 'the faults still active, with the requests each has left',
    answer: ({ faults }) => ok({ faults: faults.list() }),
  },
  {
    method: 'POST',
    name: 'faults',
    description:
      'adds a fault (JSON body): {kind: latency|network_error|server_error|rate_limit, endpoint?, times?, ms?, status?, retry_after?}',
    answer: async ({ faults, request }) => ok({ fault: faults.add(await jsonBody(request)) }),
  },
  {
    method: 'DELETE',
    name: 'faults',
    description: 'removes every fault',
    answer: ({ faults }) => {
      faults.clear();
      return ok();
    },
  },
];

/** `GET /__mock` and `/__mock/`: the control routes, one line each. */
function index(): Response {
  return ok({
    routes: CONTROL_ROUTES.map((route) => ({
      method: route.method,
      path: `/__mock/${route.name}`,
      description: route.description,
    })),
  });
}

/**
 * The mock's control routes (`/__mock/<name>`; `name` is empty for the index at `/__mock` and
 * `/__mock/`). A bad request is a 400 envelope naming what is wrong; an unknown route names the
 * index.
 */
export async function controlRequest(
  mock: TeamchatMock,
  faults: FaultQueue,
  request: Request,
  name: string,
): Promise<Response> {
  try {
    if (name === '' && request.method === 'GET') return index();
    const route = CONTROL_ROUTES.find((candidate) => candidate.method === request.method && candidate.name === name);
    if (!route) return bad(`unknown control route ${request.method} /__mock/${name}; GET /__mock/ lists them`);
    return await route.answer({ mock, faults, request, query: new URL(request.url).searchParams });
  } catch (error) {
    return bad(error instanceof Error ? error.message : String(error));
  }
}
