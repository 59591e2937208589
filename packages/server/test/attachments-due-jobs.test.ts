import { createTRPCClient, httpLink } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { createCore } from '../src/core/create-core.js';
import type { Db } from '../src/core/model/db.js';
import { seedDemoOrganization } from '../src/core/seed/demo-organization.js';
import { createRestHandler } from '../src/rest/rest-handler.js';
import { Store } from '../src/store/store.js';
import type { AppRouter } from '../src/trpc/trpc-handler.js';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

describe('the clean-up of unused uploads', () => {
  it('runs before tRPC calls as before REST calls (both run the handler through the core)', async () => {
    let now = Date.UTC(2024, 0, 1);
    const store = new Store<Db>();
    const core = createCore({ store, now: () => now });
    const accounts = await seedDemoOrganization(core.services, { passwordIterations: 1000 });
    const member = accounts.find((a) => a.role === 'member');
    const authorization = `Basic ${btoa(`${member?.email}:${member?.apiKey}`)}`;
    const handler = createRestHandler(core);
    const body = new FormData();
    body.append('file', new File(['unused'], 'unused.txt'));
    const uploaded = await handler(
      new Request('http://teamchat.test/api/v1/user_uploads', { method: 'POST', headers: { authorization }, body }),
    );
    expect(uploaded.status).toBe(200);
    const client = createTRPCClient<AppRouter>({
      links: [
        httpLink({
          url: 'http://teamchat.test/trpc',
          headers: { authorization },
          fetch: (url, init) => handler(new Request(url, init as RequestInit)),
        }),
      ],
    });
    now += 5 * WEEK_MS;
    // Any procedure will do: the job runs first, and the store no longer has the upload.
    await client.users.me.query({});
    expect(store.count('attachments')).toBe(0);
    expect(await core.services.files.list()).toEqual([]);
  });
});
