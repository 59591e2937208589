import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';

/** GET/PUT/DELETE /bot_storage, with a small storage limit so the limit can be reached. */
export const botStorageScenarios: Scenario[] = [
  scenario(
    'bots: bot storage keeps string values per bot, with the real size limit and errors',
    async (t) => {
      const bot = t.client('bot');
      await bot.bots.updateStorage({ storage: { counter: '1', greeting: 'hello' } });
      const all = await bot.bots.getStorage({});
      const some = await bot.bots.getStorage({ keys: ['counter'] });
      // Another account's storage is its own.
      const other = await t.client('member').bots.getStorage({});
      await bot.bots.updateStorage({ storage: { counter: '2' } });
      const updated = await bot.bots.getStorage({ keys: ['counter'] });
      const missing = await failure(bot.bots.getStorage({ keys: ['counter', 'nope'] }));
      // 100 characters: 'counter2' + 'greetinghello' = 21 used; this would need 21 - 0 + 6 + 80 = 107.
      const tooBig = await failure(bot.bots.updateStorage({ storage: { filler: 'x'.repeat(80) } }));
      const removeMissing = await failure(bot.bots.removeStorage({ keys: ['greeting', 'nope'] }));
      const stillThere = await bot.bots.getStorage({});
      await bot.bots.removeStorage({ keys: ['greeting'] });
      const afterRemove = await bot.bots.getStorage({});
      await bot.bots.removeStorage({});
      const empty = await bot.bots.getStorage({});
      const notJson = await t.raw('PUT', '/bot_storage', { role: 'bot', params: { storage: 'not json' } });
      expect(all.storage).toEqual({ counter: '1', greeting: 'hello' });
      expect(some.storage).toEqual({ counter: '1' });
      expect(other.storage).toEqual({});
      expect(updated.storage).toEqual({ counter: '2' });
      expect(missing).toEqual({ code: 'BAD_REQUEST', msg: 'Key does not exist.', status: 400, extra: {} });
      expect(tooBig.msg).toBe('Request exceeds storage limit by 7 characters. The limit is 100 characters.');
      expect(removeMissing.msg).toBe('Key does not exist.');
      expect(stillThere.storage).toEqual({ counter: '2', greeting: 'hello' });
      expect(afterRemove.storage).toEqual({ counter: '2' });
      expect(empty.storage).toEqual({});
      expect(notJson.status).toBe(400);
      return { all, some, other, updated, missing, tooBig, removeMissing, afterRemove, empty, notJson: notJson.body };
    },
    { config: { botStorageLimit: 100 } },
  ),
];
