import type { Client } from '../../client/create-client.js';

/** Options of {@link deleteTopicUntilDone}. */
export interface DeleteTopicOptions {
  stream_id: number;
  topic_name: string;
  /** Called after every request. */
  onProgress?: ((progress: DeleteTopicProgress) => void | Promise<void>) | undefined;
  signal?: AbortSignal | undefined;
}

/** Progress after one request. */
export interface DeleteTopicProgress {
  /** Requests made so far. */
  readonly requests: number;
  /** Whether the topic is now gone. */
  readonly complete: boolean;
}

/**
 * Deletes a topic (administrators only): POST /streams/{stream_id}/delete_topic, repeated
 * while the server answers `complete: false` (it stops each request after a time budget).
 * Resolves with the number of requests made.
 *
 * @example
 * const { requests } = await deleteTopicUntilDone(client, {
 *   stream_id: 7, topic_name: 'old logs',
 *   onProgress: (p) => console.log(`request ${p.requests}: ${p.complete ? 'done' : 'continuing'}`),
 * });
 * @see https://zulip.com/api/delete-topic
 */
export async function deleteTopicUntilDone(
  client: Pick<Client, 'request'>,
  options: DeleteTopicOptions,
): Promise<{ requests: number }> {
  for (let requests = 1; ; requests += 1) {
    const { complete } = await client.request(
      'channels.deleteTopic',
      { stream_id: options.stream_id, topic_name: options.topic_name },
      { signal: options.signal },
    );
    await options.onProgress?.({ requests, complete });
    if (complete) return { requests };
    options.signal?.throwIfAborted();
  }
}
