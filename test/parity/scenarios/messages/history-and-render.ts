import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';

/** GET /messages/{message_id}/history and POST /messages/render. */
export const historyAndRenderScenarios: Scenario[] = [
  scenario('messages: history lists every version oldest first, with what each edit changed', async (t) => {
    const member = t.client('member');
    const { id } = await member.messages.send({
      type: 'stream',
      to: 'general',
      topic: 'plans',
      content: 'Hello world',
    });
    const original = await member.messages.history({ message_id: id });
    expect(original.message_history).toEqual([
      {
        topic: 'plans',
        content: 'Hello world',
        rendered_content: '<p>Hello world</p>',
        user_id: t.accounts.member.userId,
        timestamp: expect.any(Number),
      },
    ]);
    await t.clock.advance(60_000);
    await member.messages.update({ message_id: id, content: 'Howdy world' });
    await t.clock.advance(60_000);
    await t.client('owner').messages.update({ message_id: id, topic: 'new plans' });
    const { message_history } = await t.client('moderator').messages.history({ message_id: id });
    expect(message_history).toHaveLength(3);
    expect(message_history[0]).toMatchObject({
      topic: 'plans',
      content: 'Hello world',
      user_id: t.accounts.member.userId,
    });
    expect(message_history[1]).toMatchObject({
      topic: 'plans',
      content: 'Howdy world',
      prev_content: 'Hello world',
      prev_rendered_content: '<p>Hello world</p>',
      content_html_diff:
        '<div><p><span class="highlight_text_deleted">Hello </span><span class="highlight_text_inserted">Howdy </span>world</p></div>',
      user_id: t.accounts.member.userId,
    });
    expect(message_history[2]).toMatchObject({
      topic: 'new plans',
      prev_topic: 'plans',
      content: 'Howdy world',
      user_id: t.accounts.owner.userId,
    });
    expect(message_history[2]).not.toHaveProperty('prev_content');
    // Moves only: content edits are hidden; no history at all: refused.
    await t.store.write((tx) => tx.patch('realm', 1, { message_edit_history_visibility_policy: 2 }));
    const movesOnly = (await member.messages.history({ message_id: id })).message_history;
    expect(movesOnly.map((s) => s.content)).toEqual(['Howdy world', 'Howdy world']);
    await t.store.write((tx) => tx.patch('realm', 1, { message_edit_history_visibility_policy: 3 }));
    const disabled = await failure(member.messages.history({ message_id: id }));
    expect(disabled).toEqual({
      code: 'BAD_REQUEST',
      msg: 'Message edit history is disabled in this organization',
      status: 400,
      extra: {},
    });
    return { original, message_history, movesOnly, disabled };
  }),

  scenario('messages: history follows the read rules of GET /messages/{id}', async (t) => {
    const dm = (
      await t.client('member').messages.send({ type: 'direct', to: [t.accounts.owner.userId], content: 'secret' })
    ).id;
    const outsider = await failure(t.client('moderator').messages.history({ message_id: dm }));
    const missing = await failure(t.client('member').messages.history({ message_id: 999_999 }));
    expect(outsider).toEqual({ code: 'BAD_REQUEST', msg: 'Invalid message(s)', status: 400, extra: {} });
    expect(missing).toEqual(outsider);
    const { id } = await t
      .client('member')
      .messages.send({ type: 'stream', to: 'general', topic: '', content: 'no topic' });
    const display = (await t.client('member').messages.history({ message_id: id })).message_history[0]?.topic;
    const empty = (await t.client('member').messages.history({ message_id: id, allow_empty_topic_name: true }))
      .message_history[0]?.topic;
    expect([display, empty]).toEqual(['general chat', '']);
    return { outsider, display, empty };
  }),

  scenario('messages: render answers the HTML sending would store, and stores nothing', async (t) => {
    const member = t.client('member');
    const before = t.store.count('messages');
    const rendered = await member.messages.render({ content: 'Hi @**Olivia Owner**, see #**general** and **this**' });
    expect(t.store.count('messages')).toBe(before);
    const { id } = await member.messages.send({
      type: 'stream',
      to: 'general',
      topic: 'render',
      content: 'Hi @**Olivia Owner**, see #**general** and **this**',
    });
    const sent = await member.messages.get({ message_id: id });
    expect(rendered.rendered).toBe(sent.message.content);
    expect(rendered.rendered).toContain('class="user-mention"');
    const fromBot = await t.client('bot').messages.render({ content: ':smile:' });
    const missing = await t.raw('POST', '/messages/render', { role: 'member', params: {} });
    expect(missing).toMatchObject({
      status: 400,
      body: { result: 'error', code: 'REQUEST_VARIABLE_MISSING', var_name: 'content' },
    });
    return { rendered, fromBot, missing };
  }),
];
