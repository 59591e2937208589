// The parts of zulip-js (the official JavaScript client, untyped) the tests use.
declare module 'zulip-js' {
  type Answer = Promise<Record<string, unknown> & { result: string }>;
  interface ZulipClient {
    users: { me: { getProfile(): Answer } };
    streams: {
      subscriptions: { retrieve(): Answer };
      topics: { retrieve(params: { stream_id: number | undefined }): Answer };
    };
    messages: { retrieve(params: Record<string, unknown>): Answer; send(params: Record<string, unknown>): Answer };
  }
  export default function zulip(config: { username: string; apiKey: string; realm: string }): Promise<ZulipClient>;
}
