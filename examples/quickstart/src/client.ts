import { createClient } from '@teamchat/client-sdk';

/** What the quickstart did, for printing and for its test. */
export interface QuickstartReport {
  users: string[];
  channelId: number;
  messageId: number;
  rendered: string;
  topics: string[];
  /** The uploaded file: its URL and the IDs of the messages linking it (GET /attachments). */
  upload: { url: string; messageId: number; linkedFrom: number[] };
}

/**
 * The quickstart: list the users, create a channel, post in it, read the message back, and
 * share a file (upload it, link it from a message, see the link in GET /attachments).
 * It only needs a site and an account, so it runs against any teamchat or Zulip server.
 */
export async function runQuickstart(options: {
  site: string;
  email: string;
  apiKey: string;
}): Promise<QuickstartReport> {
  const client = createClient(options);
  const { members } = await client.users.list();
  const me = await client.users.me();
  const { id: channelId } = await client.channels.create({
    name: `quickstart-${Date.now()}`,
    subscribers: [me.user_id],
  });
  const { id: messageId } = await client.messages.send({
    type: 'stream',
    to: channelId,
    topic: 'hello',
    content: 'Hello from the **quickstart**!',
  });
  const { message } = await client.messages.get({ message_id: messageId });
  const { topics } = await client.channels.listTopics({ stream_id: channelId });
  const { url } = await client.uploads.upload({ file: new File(['hello'], 'notes.txt', { type: 'text/plain' }) });
  const { id: fileMessageId } = await client.messages.send({
    type: 'stream',
    to: channelId,
    topic: 'files',
    content: `[notes.txt](${url})`,
  });
  const { attachments } = await client.attachments.list();
  const linkedFrom =
    attachments.find((attachment) => url.endsWith(attachment.path_id))?.messages.map((m) => m.id) ?? [];
  return {
    users: members.map((m) => m.full_name),
    channelId,
    messageId,
    rendered: message.content,
    topics: topics.map((t) => t.name),
    upload: { url, messageId: fileMessageId, linkedFrom },
  };
}
