import { expect } from 'vitest';
import { scenario, type Scenario } from '../../harness.js';

/** GET, POST and DELETE /users/me/alert_words, and the `has_alert_word` flag at send time. */
export const alertWordScenarios: Scenario[] = [
  scenario('alert-words: words are kept once, matched as words in any case, and flag new messages', async (t) => {
    const member = t.client('member');
    const owner = t.client('owner');
    expect(await member.alertWords.add({ alert_words: ['deploy', '  Release ', '', 'DEPLOY'] })).toEqual({
      alert_words: ['deploy', 'Release'],
    });
    expect(await member.alertWords.list({})).toEqual({ alert_words: ['deploy', 'Release'] });
    const flagsOf = async (content: string) => {
      const { id } = await owner.messages.send({ type: 'stream', to: 'general', topic: 'ops', content });
      return (await member.messages.get({ message_id: id })).message.flags?.includes('has_alert_word') === true;
    };
    const matches = {
      word: await flagsOf('The DEPLOY is done'),
      phrase: await flagsOf('release notes are out'),
      partOfWord: await flagsOf('redeployed yesterday'),
      none: await flagsOf('nothing to see'),
    };
    expect(matches).toEqual({ word: true, phrase: true, partOfWord: false, none: false });
    // The sender's own copy is never flagged.
    const { id } = await member.messages.send({ type: 'stream', to: 'general', topic: 'ops', content: 'deploy now' });
    expect((await member.messages.get({ message_id: id })).message.flags).not.toContain('has_alert_word');
    expect(await member.alertWords.remove({ alert_words: ['release', 'unknown'] })).toEqual({
      alert_words: ['deploy'],
    });
    const tooLong = await t.raw('POST', '/users/me/alert_words', {
      role: 'member',
      params: { alert_words: JSON.stringify(['x'.repeat(101)]) },
    });
    expect(tooLong.status).toBe(400);
    return { matches, tooLong: tooLong.body };
  }),
];
