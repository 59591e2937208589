import { createClient } from '@teamchat/client-sdk';

/** What the quickstart did, for printing and for its test. */
export interface QuickstartReport {
  users: string[];
  channelId: number;
  messageId: number;
  rendered: string;
  topics: string[];
}

/**
 * The quickstart: list the users, create a channel, post in it and read the message back.
 * It only needs a site and an account, so it runs against any teamchat or Zulip server.
 */
export async function runQuickstart(options: { site: string; email: string; apiKey: string }): Promise<QuickstartReport> {
  const client = createClient(options);
  const { members } = await client.users.list();
  const me = await client.users.me();
  const { id: channelId } = await client.channels.create({ name: `quickstart-${Date.now()}`, subscribers: [me.user_id] });
  const { id: messageId } = await client.messages.send({ type: 'stream', to: channelId, topic: 'hello', content: 'Hello from the **quickstart**!' });
  const { message } = await client.messages.get({ message_id: messageId });
  const { topics } = await client.channels.listTopics({ stream_id: channelId });
  return { users: members.map((m) => m.full_name), channelId, messageId, rendered: message.content, topics: topics.map((t) => t.name) };
}
