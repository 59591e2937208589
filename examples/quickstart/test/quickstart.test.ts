import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runQuickstart } from '../src/client.js';
import { startServer } from '../src/server.js';

let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('the quickstart example', () => {
  it('runs against the reference server over HTTP', async () => {
    const owner = server.accounts.find((account) => account.role === 'owner');
    const report = await runQuickstart({ site: server.url, email: owner?.email ?? '', apiKey: owner?.apiKey ?? '' });
    expect(report.users).toContain('Olivia Owner');
    expect(report.rendered).toBe('<p>Hello from the <strong>quickstart</strong>!</p>');
    // The Notification Bot's "channel events" notice was the channel's first message.
    expect(report.topics).toEqual(['hello', 'channel events']);
    expect(report.upload.url).toMatch(/^\/user_uploads\/\d+\/[^/]+\/[^/]+\/notes\.txt$/);
    expect(report.upload.linkedFrom).toEqual([report.upload.messageId]);
  });
});
