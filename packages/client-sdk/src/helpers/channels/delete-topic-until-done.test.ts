import { describe, expect, it } from 'vitest';
import { failure, fakeFetch, success, type Reply } from '../../../test/fake-fetch.js';
import { createClient } from '../../client/create-client.js';
import { deleteTopicUntilDone, type DeleteTopicProgress } from './delete-topic-until-done.js';

function setup(...replies: Reply[]) {
  const fake = fakeFetch((_request, index) => replies[index] ?? success({ complete: true }));
  const client = createClient({ site: 'chat.example.com', fetch: fake.fetch, retry: false });
  return { client, requests: fake.requests };
}

describe('deleteTopicUntilDone', () => {
  it('repeats the request while complete is false and reports each one', async () => {
    const { client, requests } = setup(
      success({ complete: false }),
      success({ complete: false }),
      success({ complete: true }),
    );
    const progress: DeleteTopicProgress[] = [];
    const result = await deleteTopicUntilDone(client, {
      stream_id: 7,
      topic_name: 'old logs',
      onProgress: (p) => void progress.push(p),
    });
    expect(result).toEqual({ requests: 3 });
    expect(progress).toEqual([
      { requests: 1, complete: false },
      { requests: 2, complete: false },
      { requests: 3, complete: true },
    ]);
    for (const request of requests) {
      expect([request.method, request.path, request.params.get('topic_name')]).toEqual([
        'POST',
        '/streams/7/delete_topic',
        'old logs',
      ]);
    }
  });

  it('makes one request when the first one completes', async () => {
    const { client, requests } = setup(success({ complete: true }));
    await expect(deleteTopicUntilDone(client, { stream_id: 1, topic_name: 't' })).resolves.toEqual({ requests: 1 });
    expect(requests).toHaveLength(1);
  });

  it('stops between requests when the signal aborts', async () => {
    const controller = new AbortController();
    const { client, requests } = setup(success({ complete: false }), success({ complete: false }));
    const pending = deleteTopicUntilDone(client, {
      stream_id: 1,
      topic_name: 't',
      signal: controller.signal,
      onProgress: () => controller.abort('enough'),
    });
    await expect(pending).rejects.toBe('enough');
    expect(requests).toHaveLength(1);
  });

  it('passes errors such as UNAUTHORIZED_PRINCIPAL through', async () => {
    const { client } = setup(failure(400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator'));
    await expect(deleteTopicUntilDone(client, { stream_id: 1, topic_name: 't' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED_PRINCIPAL',
    });
  });
});
