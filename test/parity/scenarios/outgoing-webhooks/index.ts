import { expect } from 'vitest';
import type { DemoRole } from '@teamchat/server';
import { scenario, type Scenario, type ScenarioContext } from '../../harness.js';

/** Creates an outgoing-webhook bot of the member posting to the fake integration; answers its ID, email and token. */
async function webhookBot(t: ScenarioContext, options: { name?: string; interface_type?: number } = {}) {
  const name = options.name ?? 'Echo Bot';
  const short = name.toLowerCase().replace(/\W+/g, '');
  const { user_id } = await t.client('member').bots.create({
    full_name: name,
    short_name: short,
    bot_type: 3,
    payload_url: `${t.integration.url}/hook`,
    interface_type: options.interface_type ?? 1,
  });
  const state = await t.client('member').events.register({ fetch_event_types: ['realm_bot'], event_types: [] });
  const bot = (state['realm_bots'] as { user_id: number; email: string; services: { token: string }[] }[]).find(
    (b) => b.user_id === user_id,
  );
  return { id: user_id, email: bot?.email ?? '', token: bot?.services[0]?.token ?? '' };
}

/** The newest messages of a topic of `general`, as the member reads them: sender and raw content. */
async function topicMessages(t: ScenarioContext, topic: string, role: DemoRole = 'member') {
  const { messages } = await t.client(role).messages.list({
    anchor: 'newest',
    num_before: 10,
    num_after: 0,
    narrow: [
      { operator: 'channel', operand: 'general' },
      { operator: 'topic', operand: topic },
    ],
    apply_markdown: false,
  });
  return messages.map((m) => ({ sender: m.sender_full_name, content: m.content }));
}

/** The member's direct messages with `userId`, newest last. */
async function directMessages(t: ScenarioContext, userId: number) {
  const { messages } = await t.client('member').messages.list({
    anchor: 'newest',
    num_before: 10,
    num_after: 0,
    narrow: [{ operator: 'dm', operand: [userId] }],
    apply_markdown: false,
  });
  return messages.map((m) => ({ sender: m.sender_full_name, content: m.content }));
}

/** Outgoing webhooks: triggers, the payload, the reply contract, failures and retries, over a real integration server. */
export const outgoingWebhookScenarios: Scenario[] = [
  scenario(
    'outgoing-webhooks: a mention POSTs the payload; the reply is posted by the bot in the same topic',
    async (t) => {
      const bot = await webhookBot(t);
      t.integration.answer({ body: { content: 'pong, **bold**' } });
      const { id } = await t
        .client('member')
        .messages.send({ type: 'stream', to: 'general', topic: 'bots', content: '@**Echo Bot** ping' });
      await t.settle();
      expect(t.integration.requests).toHaveLength(1);
      const request = t.integration.requests[0];
      expect(request?.method).toBe('POST');
      expect(request?.path).toBe('/hook');
      expect(request?.headers['content-type']).toBe('application/json');
      expect(request?.headers['user-agent']).toMatch(/^ZulipOutgoingWebhook\//);
      const payload = request?.parsed as Record<string, unknown>;
      expect(payload).toMatchObject({
        data: '@**Echo Bot** ping',
        trigger: 'mention',
        token: bot.token,
        bot_email: bot.email,
        bot_full_name: 'Echo Bot',
      });
      expect(payload['message']).toMatchObject({
        id,
        type: 'stream',
        content: '@**Echo Bot** ping',
        content_type: 'text/x-markdown',
        display_recipient: 'general',
        subject: 'bots',
        sender_id: t.accounts.member.userId,
        rendered_content: expect.stringContaining('class="user-mention"'),
      });
      expect(payload['message']).not.toHaveProperty('flags');
      const topic = await topicMessages(t, 'bots');
      expect(topic.at(-1)).toEqual({ sender: 'Echo Bot', content: 'pong, **bold**' });
      const { deliveries } = await t.client('member').outgoingWebhooks.deliveries({});
      expect(deliveries).toEqual([
        expect.objectContaining({
          bot_id: bot.id,
          message_id: id,
          trigger: 'mention',
          status: 'delivered',
          attempts: 1,
          last_status: 200,
          last_error: null,
          reply_message_id: expect.any(Number),
        }),
      ]);
      expect((await t.client('moderator').outgoingWebhooks.deliveries({})).deliveries).toEqual([]);
      expect((await t.client('administrator').outgoingWebhooks.deliveries({ bot_id: bot.id })).deliveries).toHaveLength(
        1,
      );
      return { payload, topic, deliveries };
    },
  ),

  scenario(
    'outgoing-webhooks: direct messages trigger; silent, wildcard, code and bot-sent mentions do not',
    async (t) => {
      const bot = await webhookBot(t);
      // `""` (the JSON string) was the no-reply answer of old bot servers.
      t.integration.answer(
        { body: { content: 'hi there' } },
        { body: { response_not_required: true } },
        { body: '""' },
        { body: { response_string: 'old style' } },
      );
      await t.client('member').messages.send({ type: 'direct', to: [bot.id], content: 'hello bot' });
      await t
        .client('member')
        .messages.send({ type: 'direct', to: [bot.id, t.accounts.owner.userId], content: 'group hello' });
      await t.client('member').messages.send({
        type: 'stream',
        to: 'general',
        topic: 'quiet',
        content: 'silent @_**Echo Bot**, `@**Echo Bot**` in code, @**all**',
      });
      await t
        .client('bot')
        .messages.send({ type: 'stream', to: 'general', topic: 'quiet', content: 'from a bot: @**Echo Bot**' });
      await t
        .client('member')
        .messages.send({ type: 'stream', to: 'general', topic: 'quiet', content: '@**Echo Bot** empty answer' });
      await t
        .client('member')
        .messages.send({ type: 'stream', to: 'general', topic: 'legacy', content: '@**Echo Bot** legacy' });
      await t.settle();
      const triggers = t.integration.requests.map((r) => [
        (r.parsed as { trigger: string }).trigger,
        (r.parsed as { data: string }).data,
      ]);
      expect(triggers).toEqual([
        ['direct_message', 'hello bot'],
        ['direct_message', 'group hello'],
        ['mention', '@**Echo Bot** empty answer'],
        ['mention', '@**Echo Bot** legacy'],
      ]);
      const dm = await directMessages(t, bot.id);
      expect(dm).toEqual([
        { sender: 'Mike Member', content: 'hello bot' },
        { sender: 'Echo Bot', content: 'hi there' },
      ]);
      const quiet = await topicMessages(t, 'quiet');
      expect(quiet.every((m) => m.sender !== 'Echo Bot')).toBe(true);
      expect((await topicMessages(t, 'legacy')).at(-1)).toEqual({ sender: 'Echo Bot', content: 'old style' });
      const group = (
        await t.client('owner').messages.list({
          anchor: 'newest',
          num_before: 5,
          num_after: 0,
          narrow: [{ operator: 'dm', operand: [bot.id, t.accounts.member.userId] }],
          apply_markdown: false,
        })
      ).messages;
      expect(group.map((m) => m.content)).toEqual(['group hello']);
      return { triggers, dm, quiet };
    },
  ),

  scenario(
    'outgoing-webhooks: an error status or a bad answer is a failure notice at once, with a note to the owner',
    async (t) => {
      const bot = await webhookBot(t);
      t.integration.answer({ status: 500, body: 'It broke' }, { body: 'not json' }, { body: [1, 2] });
      for (const text of ['one', 'two', 'three'])
        await t
          .client('member')
          .messages.send({ type: 'stream', to: 'general', topic: 'fails', content: `@**Echo Bot** ${text}` });
      await t.settle();
      expect(t.integration.requests).toHaveLength(3);
      const topic = (await topicMessages(t, 'fails')).filter((m) => m.sender === 'Echo Bot').map((m) => m.content);
      expect(topic).toEqual([
        'Failure! Third party responded with 500',
        'Failure! Invalid JSON in response',
        'Failure! Invalid response format',
      ]);
      const notes = (await directMessages(t, bot.id)).map((m) => m.content);
      expect(notes).toHaveLength(3);
      expect(notes[0]).toMatch(
        /^\[A message\]\(http:\/\/teamchat\.test\/#narrow\/channel\/\d+-general\/topic\/fails\/near\/\d+\) to your bot @_\*\*Echo Bot\*\* triggered an outgoing webhook\.\nThe webhook got a response with status code \*500\*\.\nThe response contains the following payload:\n```\nIt broke\n```$/,
      );
      expect(notes[1]).toContain('resulted in the following error:\n> Invalid JSON in response');
      const { deliveries } = await t.client('member').outgoingWebhooks.deliveries({ bot_id: bot.id });
      const outcomes = deliveries.map((d) => [d.status, d.attempts, d.last_status, d.last_error]);
      expect(outcomes).toEqual([
        ['delivered', 1, 200, 'Invalid response format'],
        ['delivered', 1, 200, 'Invalid JSON in response'],
        ['failed', 1, 500, 'It broke'],
      ]);
      // Deliveries run while the next messages are sent, so message IDs interleave differently per run.
      return { topic, notes: notes.map((note) => note.replace(/near\/\d+/, 'near/N')), outcomes };
    },
  ),

  scenario(
    'outgoing-webhooks: a failed connection is retried on the server clock, then the bot is unavailable',
    async (t) => {
      const bot = await webhookBot(t);
      t.integration.answer({ drop: true }, { drop: true }, { drop: true }, { drop: true });
      await t
        .client('member')
        .messages.send({ type: 'stream', to: 'general', topic: 'down', content: '@**Echo Bot** are you there?' });
      await t.settle();
      const waiting = (await t.client('member').outgoingWebhooks.deliveries({})).deliveries[0];
      expect(waiting).toMatchObject({
        status: 'pending',
        attempts: 1,
        last_status: null,
        last_error: 'A connection error occurred. Is my bot server down?',
      });
      expect(waiting?.next_attempt_at).toBe((waiting?.last_attempt_at ?? 0) + 30);
      // Nothing happens before the retry is due; each request runs the due jobs.
      await t.clock.advance(29_000);
      await t.client('member').users.me({});
      await t.settle();
      expect(t.integration.requests).toHaveLength(1);
      for (let attempt = 2; attempt <= 4; attempt += 1) {
        await t.clock.advance(30_000);
        await t.client('member').users.me({});
        await t.settle();
        expect(t.integration.requests).toHaveLength(attempt);
      }
      const final = (await t.client('member').outgoingWebhooks.deliveries({})).deliveries[0];
      expect(final).toMatchObject({ status: 'failed', attempts: 4, next_attempt_at: null });
      const topic = (await topicMessages(t, 'down')).map((m) => m.content);
      expect(topic.at(-1)).toBe('Failure! Bot is unavailable');
      const note = (await directMessages(t, bot.id)).at(-1)?.content;
      expect(note).toMatch(/triggered an outgoing webhook\.\nA connection error occurred\. Is my bot server down\?$/);
      return { waiting, final, topic, note };
    },
    { config: { outgoingWebhookRetryDelaySecs: 30 } },
  ),

  scenario(
    'outgoing-webhooks: a request without an answer times out and is retried',
    async (t) => {
      await webhookBot(t);
      t.integration.answer({ hang: true }, { body: { content: 'sorry, I was slow' } });
      await t
        .client('member')
        .messages.send({ type: 'stream', to: 'general', topic: 'slow', content: '@**Echo Bot** hello?' });
      await t.settle();
      expect(t.integration.requests).toHaveLength(2);
      const { deliveries } = await t.client('member').outgoingWebhooks.deliveries({});
      expect(deliveries[0]).toMatchObject({ status: 'delivered', attempts: 2, last_status: 200 });
      expect((await topicMessages(t, 'slow')).at(-1)).toEqual({ sender: 'Echo Bot', content: 'sorry, I was slow' });
      return deliveries;
    },
    { config: { outgoingWebhookTimeoutSecs: 0.2 } },
  ),

  scenario(
    'outgoing-webhooks: the Slack-compatible interface posts a form and reads `text`; it refuses direct messages',
    async (t) => {
      const bot = await webhookBot(t, { name: 'Slacky', interface_type: 2 });
      t.integration.answer({ body: { text: 'from slack' } });
      const { id } = await t
        .client('member')
        .messages.send({ type: 'stream', to: 'general', topic: 'slack', content: '@**Slacky** hi' });
      await t.client('member').messages.send({ type: 'direct', to: [bot.id], content: 'private hi' });
      await t.settle();
      expect(t.integration.requests).toHaveLength(1);
      const form = t.integration.requests[0]?.parsed as Record<string, string>;
      const generalId = (await t.client('member').channels.getId({ stream: 'general' })).stream_id;
      expect(form).toEqual({
        token: bot.token,
        team_id: 'T1',
        team_domain: 'teamchat.test',
        channel_id: `C${generalId}`,
        channel_name: 'general',
        thread_ts: expect.stringMatching(/^\d+$/),
        timestamp: expect.stringMatching(/^\d+$/),
        user_id: `U${t.accounts.member.userId}`,
        user_name: 'Mike Member',
        text: '@**Slacky** hi',
        trigger_word: 'mention',
        service_id: String(bot.id),
      });
      expect((await topicMessages(t, 'slack')).at(-1)).toEqual({ sender: 'Slacky', content: 'from slack' });
      expect((await directMessages(t, bot.id)).at(-1)).toEqual({
        sender: 'Slacky',
        content: "Failure! Slack outgoing webhooks don't support direct messages.",
      });
      return { form, id };
    },
  ),
];
