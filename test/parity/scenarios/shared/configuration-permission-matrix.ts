import type { Client } from '@teamchat/client-sdk';
import type { DemoRole } from '@teamchat/server';
import { expect } from 'vitest';
import { scenario, type ScenarioContext } from '../../harness.js';
import { verdict } from '../user-groups/helpers.js';

type Expectation = 'allow' | 'deny';

/** What a row's setup prepared for one call: the ID or fragment of a fresh resource, or a list. */
interface Fixture {
  id: number;
  fragment: string;
  ids: number[];
}

/** One endpoint, called once per role on a fixture prepared for that call. */
interface MatrixRow {
  endpoint: string;
  setup?: (t: ScenarioContext, role: DemoRole, n: number) => Promise<Partial<Fixture>>;
  call: (client: Client, fixture: Fixture, role: DemoRole, n: number) => Promise<unknown>;
  expect: Record<DemoRole, Expectation>;
}

const ROLES: readonly DemoRole[] = ['owner', 'administrator', 'moderator', 'member', 'guest', 'bot'];
const everyone: Record<DemoRole, Expectation> = {
  owner: 'allow',
  administrator: 'allow',
  moderator: 'allow',
  member: 'allow',
  guest: 'allow',
  bot: 'allow',
};
const nobody: Record<DemoRole, Expectation> = {
  owner: 'deny',
  administrator: 'deny',
  moderator: 'deny',
  member: 'deny',
  guest: 'deny',
  bot: 'deny',
};
const administrators: Record<DemoRole, Expectation> = { ...nobody, owner: 'allow', administrator: 'allow' };

const linkifier = (n: number) => ({ pattern: `M${n}-(?P<id>[0-9]+)`, url_template: `https://m${n}.example/{id}` });
const playground = (n: number) => ({
  name: `Matrix ${n}`,
  highlighter_language: 'Python',
  url_template: `https://p${n}.example/?code={code}`,
});

function rows(): MatrixRow[] {
  const freshLinkifier = async (t: ScenarioContext, _role: DemoRole, n: number) => ({
    id: (await t.client('owner').linkifiers.add(linkifier(n))).id,
  });
  const allLinkifiers = async (t: ScenarioContext) => ({
    ids: (await t.client('owner').linkifiers.list()).linkifiers.map((l) => l.id).reverse(),
  });
  const freshPlayground = async (t: ScenarioContext, _role: DemoRole, n: number) => ({
    id: (await t.client('owner').playgrounds.add(playground(n))).id,
  });
  const ownView = async (t: ScenarioContext, role: DemoRole, n: number) => {
    const fragment = `narrow/channel/${n}-matrix`;
    await t.client(role).navigationViews.add({ fragment, is_pinned: false, name: `Matrix ${n}` });
    return { fragment };
  };
  const someoneElsesView = async (t: ScenarioContext, role: DemoRole, n: number) => {
    const fragment = `narrow/channel/${n}-other`;
    await t
      .client(role === 'owner' ? 'member' : 'owner')
      .navigationViews.add({ fragment, is_pinned: false, name: `Other ${n}` });
    return { fragment };
  };
  const freshFolder = async (t: ScenarioContext, _role: DemoRole, n: number) => ({
    id: (await t.client('owner').channelFolders.create({ name: `Folder ${n}`, description: '' })).channel_folder_id,
  });
  const allFolders = async (t: ScenarioContext) => ({
    ids: (await t.client('owner').channelFolders.list({ include_archived: true })).channel_folders
      .map((f) => f.id)
      .reverse(),
  });
  return [
    { endpoint: 'GET /realm/linkifiers', call: (c) => c.linkifiers.list(), expect: everyone },
    { endpoint: 'GET /realm/filters (deprecated)', call: (c) => c.linkifiers.listLegacy(), expect: everyone },
    { endpoint: 'POST /realm/filters', call: (c, _f, _r, n) => c.linkifiers.add(linkifier(n)), expect: administrators },
    {
      endpoint: 'PATCH /realm/filters/{filter_id}',
      setup: freshLinkifier,
      call: (c, f, _r, n) =>
        c.linkifiers.update({
          filter_id: f.id,
          pattern: `U${n}-(?P<id>[0-9]+)`,
          url_template: 'https://u.example/{id}',
        }),
      expect: administrators,
    },
    {
      endpoint: 'DELETE /realm/filters/{filter_id}',
      setup: freshLinkifier,
      call: (c, f) => c.linkifiers.remove({ filter_id: f.id }),
      expect: administrators,
    },
    {
      endpoint: 'PATCH /realm/linkifiers',
      setup: allLinkifiers,
      call: (c, f) => c.linkifiers.reorder({ ordered_linkifier_ids: f.ids }),
      expect: administrators,
    },
    { endpoint: 'GET /realm/playgrounds', call: (c) => c.playgrounds.list(), expect: everyone },
    {
      endpoint: 'POST /realm/playgrounds',
      call: (c, _f, _r, n) => c.playgrounds.add(playground(n)),
      expect: administrators,
    },
    {
      endpoint: 'DELETE /realm/playgrounds/{playground_id}',
      setup: freshPlayground,
      call: (c, f) => c.playgrounds.remove({ playground_id: f.id }),
      expect: administrators,
    },
    { endpoint: 'GET /navigation_views', call: (c) => c.navigationViews.list(), expect: everyone },
    {
      endpoint: 'POST /navigation_views',
      call: (c, _f, _r, n) =>
        c.navigationViews.add({ fragment: `narrow/is/m${n}`, is_pinned: true, name: `View ${n}` }),
      expect: everyone,
    },
    {
      endpoint: 'PATCH /navigation_views/{fragment} (own view)',
      setup: ownView,
      call: (c, f) => c.navigationViews.update({ fragment: f.fragment, is_pinned: true }),
      expect: everyone,
    },
    {
      endpoint: 'DELETE /navigation_views/{fragment} (own view)',
      setup: ownView,
      call: (c, f) => c.navigationViews.remove({ fragment: f.fragment }),
      expect: everyone,
    },
    {
      endpoint: "PATCH /navigation_views/{fragment} (another user's view)",
      setup: someoneElsesView,
      call: (c, f) => c.navigationViews.update({ fragment: f.fragment, is_pinned: true }),
      expect: nobody,
    },
    {
      endpoint: "DELETE /navigation_views/{fragment} (another user's view)",
      setup: someoneElsesView,
      call: (c, f) => c.navigationViews.remove({ fragment: f.fragment }),
      expect: nobody,
    },
    {
      endpoint: 'GET /channel_folders',
      call: (c) => c.channelFolders.list({ include_archived: true }),
      expect: everyone,
    },
    {
      endpoint: 'POST /channel_folders/create',
      call: (c, _f, _r, n) => c.channelFolders.create({ name: `Created ${n}`, description: '' }),
      expect: administrators,
    },
    {
      endpoint: 'PATCH /channel_folders/{channel_folder_id}',
      setup: freshFolder,
      call: (c, f, _r, n) =>
        c.channelFolders.update({ channel_folder_id: f.id, name: `Renamed ${n}`, is_archived: true }),
      expect: administrators,
    },
    {
      endpoint: 'PATCH /channel_folders',
      setup: allFolders,
      call: (c, f) => c.channelFolders.reorder({ order: f.ids }),
      expect: administrators,
    },
  ];
}

/** The configuration areas of the matrix, by the paths of their endpoints. */
const AREA_PATHS = {
  linkifiers: /\/realm\/(linkifiers|filters)/,
  playgrounds: /\/realm\/playgrounds/,
  'navigation-views': /\/navigation_views/,
  'channel-folders': /\/channel_folders/,
} as const;

/**
 * The permission matrix of every endpoint of one configuration area (linkifiers, playgrounds,
 * navigation views, channel folders), called as owner, administrator, moderator, member,
 * guest and bot on a resource made fresh for each call. The verdicts (`allow`, or `deny:` with
 * code and message) are checked against the table and returned, so both targets must also
 * agree on each refusal.
 */
export const configurationPermissionMatrix = (area: keyof typeof AREA_PATHS) =>
  scenario(`${area}: permission matrix of every endpoint by role`, async (t) => {
    const observed: Record<string, Record<DemoRole, string>> = {};
    let n = 0;
    for (const row of rows().filter((r) => AREA_PATHS[area].test(r.endpoint))) {
      const verdicts = {} as Record<DemoRole, string>;
      for (const role of ROLES) {
        n += 1;
        const fixture: Fixture = { id: 0, fragment: '', ids: [], ...(await row.setup?.(t, role, n)) };
        verdicts[role] = await verdict(row.call(t.client(role), fixture, role, n));
      }
      observed[row.endpoint] = verdicts;
      const simplified = Object.fromEntries(
        ROLES.map((role) => [role, verdicts[role].startsWith('allow') ? 'allow' : 'deny']),
      );
      expect({ endpoint: row.endpoint, ...simplified }).toEqual({ endpoint: row.endpoint, ...row.expect });
      for (const role of ROLES) {
        if (row.expect[role] === 'deny' && row.expect.owner === 'allow') {
          expect(verdicts[role]).toBe('deny: UNAUTHORIZED_PRINCIPAL Must be an organization administrator');
        }
      }
    }
    if (area === 'navigation-views') {
      expect(observed["DELETE /navigation_views/{fragment} (another user's view)"]?.member).toBe(
        'deny: BAD_REQUEST Navigation view does not exist.',
      );
    }
    return observed;
  });
