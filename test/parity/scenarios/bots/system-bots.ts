import { expect } from 'vitest';
import { failure, scenario, type Scenario, type ScenarioContext } from '../../harness.js';

/** The newest direct messages the owner got from the Notification Bot, oldest first. */
async function noticesToOwner(t: ScenarioContext): Promise<string[]> {
  const { messages } = await t.client('owner').messages.list({
    anchor: 'newest',
    num_before: 20,
    num_after: 0,
    apply_markdown: false,
    narrow: [{ operator: 'is', operand: 'dm' }],
  });
  return messages
    .filter((m) => m.sender_email === 'notification-bot@zulip.com' && m.content.startsWith('Your bot '))
    .map((m) => m.content);
}

/**
 * The server's own bots (the real server's `INTERNAL_BOTS`, listed as `cross_realm_bots`), and
 * the Notification Bot's notice to a bot's owner (`send_pm_if_empty_stream`).
 */
export const systemBotScenarios: Scenario[] = [
  scenario(
    'bots: the three system bots at their real default addresses; the Email Gateway bot is a valid sender_id of a channel email address',
    async (t) => {
      const state = await t.client('member').events.register({ fetch_event_types: ['realm_user'], event_types: [] });
      const bots = (
        state['cross_realm_bots'] as {
          user_id: number;
          email: string;
          full_name: string;
          is_system_bot: boolean;
          is_bot: boolean;
        }[]
      ).map(({ email, full_name, is_system_bot, is_bot }) => ({ email, full_name, is_system_bot, is_bot }));
      expect(bots).toEqual([
        { email: 'notification-bot@zulip.com', full_name: 'Notification Bot', is_system_bot: true, is_bot: true },
        { email: 'emailgateway@zulip.com', full_name: 'Email Gateway', is_system_bot: true, is_bot: true },
        { email: 'welcome-bot@zulip.com', full_name: 'Welcome Bot', is_system_bot: true, is_bot: true },
      ]);
      const gateway = (state['cross_realm_bots'] as { user_id: number; email: string }[]).find(
        (bot) => bot.email === 'emailgateway@zulip.com',
      );
      const member = t.client('member');
      const general = (await member.channels.getId({ stream: 'general' })).stream_id;
      const byDefault = await member.channels.getEmailAddress({ stream_id: general });
      const asGateway = await member.channels.getEmailAddress({ stream_id: general, sender_id: gateway?.user_id ?? 0 });
      const notification = (state['cross_realm_bots'] as { user_id: number }[])[0]?.user_id ?? 0;
      const refused = await failure(member.channels.getEmailAddress({ stream_id: general, sender_id: notification }));
      // The gateway is the default sender: the same address either way.
      expect(asGateway).toEqual(byDefault);
      expect(byDefault.email).toMatch(/^general\.[0-9a-f]{32}\.show-sender@/);
      expect(refused).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid sender ID' });
      // Not among the organization's users.
      const { members } = await member.users.list();
      expect(members.filter((user) => user.email.endsWith('@zulip.com'))).toEqual([]);
      return { bots, byDefault, asGateway, refused };
    },
  ),

  scenario(
    'bots: a bot posting to a missing or empty channel: the Notification Bot tells its owner, at most once per 5 minutes per bot, in the real words',
    async (t) => {
      const bot = t.client('bot');
      const owner = t.client('owner');
      // A channel that does not exist, by name: the message is refused, the notice stays.
      const missing = await failure(
        bot.messages.send({ type: 'stream', to: '  comitts ', topic: 'push', content: 'x' }),
      );
      // Within 5 minutes: refused again, no second notice.
      t.clock.advance(60_000);
      const again = await failure(bot.messages.send({ type: 'stream', to: 'comitts', topic: 'push', content: 'x' }));
      const afterTwo = await noticesToOwner(t);
      // 5 minutes on: by ID.
      t.clock.advance(5 * 60_000);
      const byId = await failure(bot.messages.send({ type: 'stream', to: 999_999, topic: 'push', content: 'x' }));
      // An existing channel without subscribers: the message is sent, and the owner told.
      const { id: empty } = await owner.channels.create({ name: 'nobody here', subscribers: [] });
      t.clock.advance(5 * 60_000 + 1);
      const sent = await bot.messages.send({ type: 'stream', to: 'nobody here', topic: 'push', content: 'x' });
      // A channel with subscribers: nothing to say. A human's message to a missing channel: nothing either.
      t.clock.advance(5 * 60_000 + 1);
      await bot.messages.send({ type: 'stream', to: 'general', topic: 'push', content: 'x' });
      await failure(t.client('member').messages.send({ type: 'stream', to: 'comitts', topic: 'push', content: 'x' }));
      const notices = await noticesToOwner(t);
      const botEmail = t.accounts.bot.email;
      expect(missing).toMatchObject({ code: 'STREAM_DOES_NOT_EXIST', msg: "Channel 'comitts' does not exist" });
      expect(again.code).toBe('STREAM_DOES_NOT_EXIST');
      expect(byId).toMatchObject({ code: 'STREAM_DOES_NOT_EXIST' });
      expect(sent.id).toEqual(expect.any(Number));
      expect(afterTwo).toEqual([
        `Your bot \`${botEmail}\` tried to send a message to channel #**comitts**, but that channel does not exist. Click [here](#channels/new) to create it.`,
      ]);
      expect(notices).toEqual([
        afterTwo[0],
        `Your bot \`${botEmail}\` tried to send a message to channel ID 999999, but there is no channel with that ID.`,
        `Your bot \`${botEmail}\` tried to send a message to channel #**nobody here**. The channel exists but does not have any subscribers.`,
      ]);
      expect(empty).toEqual(expect.any(Number));
      return { missing, again, byId, notices };
    },
  ),
];
