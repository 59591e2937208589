import { describe, expect, it } from 'vitest';
import { fakeFetch, rejectionOf, success, type Reply } from '../../../test/fake-fetch.js';
import { createClient } from '../../client/create-client.js';
import {
  markNarrowAsRead,
  updateFlagsForNarrowUntilDone,
  type FlagsForNarrowProgress,
} from './update-flags-for-narrow-until-done.js';

function batch(
  first: number | null,
  last: number | null,
  foundNewest: boolean,
  extra: Record<string, unknown> = {},
): Reply {
  const count = first === null || last === null ? 0 : last - first + 1;
  return success({
    processed_count: count,
    updated_count: Math.floor(count / 2),
    first_processed_id: first,
    last_processed_id: last,
    found_oldest: false,
    found_newest: foundNewest,
    ...extra,
  });
}

function setup(...replies: Reply[]) {
  const fake = fakeFetch((_request, index) => replies[index] ?? batch(null, null, true));
  const client = createClient({ site: 'chat.example.com', fetch: fake.fetch, retry: false });
  const sent = () => fake.requests.map((r) => Object.fromEntries(r.params));
  return { client, requests: fake.requests, sent };
}

describe('updateFlagsForNarrowUntilDone', () => {
  it('continues from last_processed_id without the anchor until found_newest', async () => {
    const { client, requests, sent } = setup(batch(1, 10, false), batch(11, 20, false), batch(21, 24, true));
    const progress: FlagsForNarrowProgress[] = [];
    const result = await updateFlagsForNarrowUntilDone(client, {
      narrow: [{ operator: 'channel', operand: 'design' }],
      flag: 'starred',
      op: 'add',
      batchSize: 10,
      onProgress: (p) => void progress.push(p),
    });
    expect(requests.every((r) => r.method === 'POST' && r.path === '/messages/flags/narrow')).toBe(true);
    expect(sent().map((p) => [p['anchor'], p['include_anchor'], p['num_before'], p['num_after']])).toEqual([
      ['oldest', 'true', '0', '10'],
      ['10', 'false', '0', '10'],
      ['20', 'false', '0', '10'],
    ]);
    expect(sent()[0]).toMatchObject({
      narrow: '[{"operator":"channel","operand":"design"}]',
      op: 'add',
      flag: 'starred',
    });
    expect(progress).toEqual([
      { batches: 1, processedCount: 10, updatedCount: 5, lastProcessedId: 10, done: false },
      { batches: 2, processedCount: 20, updatedCount: 10, lastProcessedId: 20, done: false },
      { batches: 3, processedCount: 24, updatedCount: 12, lastProcessedId: 24, done: true },
    ]);
    expect(result).toEqual({
      batches: 3,
      processedCount: 24,
      updatedCount: 12,
      firstProcessedId: 1,
      lastProcessedId: 24,
      ignoredBecauseNotSubscribedChannels: [],
    });
  });

  it('starts from the given anchor', async () => {
    const { client, sent } = setup(batch(40, 41, true));
    await updateFlagsForNarrowUntilDone(client, { narrow: [], flag: 'read', op: 'remove', anchor: 'first_unread' });
    expect(sent()[0]).toMatchObject({ anchor: 'first_unread', include_anchor: 'true', num_after: '1000' });
  });

  it('stops after an empty range', async () => {
    const { client, requests } = setup(batch(null, null, false));
    const result = await updateFlagsForNarrowUntilDone(client, { narrow: [], flag: 'read', op: 'add' });
    expect(requests).toHaveLength(1);
    expect(result).toMatchObject({ batches: 1, processedCount: 0, lastProcessedId: null, firstProcessedId: null });
  });

  it('collects the channels skipped because the caller is not subscribed', async () => {
    const { client } = setup(
      batch(1, 2, false, { ignored_because_not_subscribed_channels: [7] }),
      batch(3, 4, true, { ignored_because_not_subscribed_channels: [7, 9] }),
    );
    const result = await updateFlagsForNarrowUntilDone(client, { narrow: [], flag: 'read', op: 'remove' });
    expect(result.ignoredBecauseNotSubscribedChannels).toEqual([7, 9]);
  });

  it('refuses to loop when the server does not move forward', async () => {
    const { client, requests } = setup(batch(1, 10, false), batch(5, 10, false));
    const error = await rejectionOf(updateFlagsForNarrowUntilDone(client, { narrow: [], flag: 'read', op: 'add' }));
    expect((error as Error).message).toMatch(/did not advance past message 10/);
    expect(requests).toHaveLength(2);
  });
});

describe('markNarrowAsRead', () => {
  it('adds the read flag to the unread messages of the narrow from the oldest', async () => {
    const { client, sent } = setup(batch(1, 3, true));
    const result = await markNarrowAsRead(client, { narrow: [{ operator: 'channel', operand: 'design' }] });
    expect(sent()[0]).toMatchObject({
      anchor: 'oldest',
      op: 'add',
      flag: 'read',
      narrow: '[{"operator":"channel","operand":"design"},{"operator":"is","operand":"unread"}]',
    });
    expect(result.processedCount).toBe(3);
  });
});
