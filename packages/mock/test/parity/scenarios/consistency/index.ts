import { expect } from 'vitest';
import { scenario, type Scenario } from '../../harness.js';
import { expectConsistent } from '../shared/consistency.js';

/**
 * The real server's consistency test for every event-emitting endpoint: a register state plus
 * the events of an action, applied with the SDK's `applyEvent`, equals a fresh register.
 */
export const consistencyScenarios: Scenario[] = [
  scenario('events: state + events = fresh state, for messages, flags, reactions and reading', async (t) => {
    const member = t.client('member');
    const owner = t.client('owner');
    const general = (await member.channels.getId({ stream: 'general' })).stream_id;
    const seen: Record<string, string[]> = {};
    seen['send to channel'] = await expectConsistent(t, 'member', () => owner.messages.send({ type: 'stream', to: 'general', topic: 'news', content: 'Hi @**Mike Member**' }));
    seen['send direct'] = await expectConsistent(t, 'member', () => owner.messages.send({ type: 'direct', to: [t.accounts.member.userId], content: 'psst' }));
    seen['send group'] = await expectConsistent(t, 'member', () => owner.messages.send({ type: 'direct', to: [t.accounts.member.userId, t.accounts.guest.userId], content: 'all of us' }));
    const { id } = await owner.messages.send({ type: 'stream', to: 'general', topic: 'news', content: 'second' });
    seen['star'] = await expectConsistent(t, 'member', () => member.messages.updateFlags({ messages: [id], op: 'add', flag: 'starred' }));
    seen['read'] = await expectConsistent(t, 'member', () => member.messages.updateFlags({ messages: [id], op: 'add', flag: 'read' }));
    seen['unread'] = await expectConsistent(t, 'member', () => member.messages.updateFlags({ messages: [id], op: 'remove', flag: 'read' }));
    seen['react'] = await expectConsistent(t, 'member', () => owner.messages.addReaction({ message_id: id, emoji_name: 'tada' }));
    seen['edit'] = await expectConsistent(t, 'member', () => owner.messages.update({ message_id: id, content: 'second, edited' }));
    seen['move'] = await expectConsistent(t, 'member', () => owner.messages.update({ message_id: id, topic: 'moved news', propagate_mode: 'change_all' }));
    const { id: early } = await owner.messages.send({ type: 'stream', to: 'general', topic: 'gone', content: 'to delete' });
    await owner.messages.send({ type: 'stream', to: 'general', topic: 'gone', content: 'stays' });
    seen['delete'] = await expectConsistent(t, 'member', () => owner.messages.delete({ message_id: early }));
    seen['mark topic'] = await expectConsistent(t, 'member', () => member.messages.markTopicAsRead({ stream_id: general, topic_name: 'moved news' }));
    seen['mark channel'] = await expectConsistent(t, 'member', () => member.messages.markStreamAsRead({ stream_id: general }));
    seen['mark all'] = await expectConsistent(t, 'member', () => member.messages.markAllAsRead({}));
    expect(seen['send to channel']).toEqual(['message']);
    expect(seen['mark all']).toEqual(['update_message_flags:add']);
    return seen;
  }),
];
