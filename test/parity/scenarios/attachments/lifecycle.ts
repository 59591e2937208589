import { expect } from 'vitest';
import { scenario, type Scenario } from '../../harness.js';
import { attachmentEvents, downloadStatuses, linkTable, upload, WEEK_MS } from './helpers.js';

const REALM_URL = 'http://teamchat.test';

/** How messages link uploads, who may then download them, and when uploads are deleted. */
export const attachmentLifecycleScenarios: Scenario[] = [
  scenario('attachments: linking messages decide who may download', async (t) => {
    const member = t.client('member');
    const file = await upload(t, 'member', 'design notes', 'design.txt');
    const { queue_id } = await member.events.register({ event_types: ['attachment'] });
    const { queue_id: ownerQueue } = await t.client('owner').events.register({ event_types: ['attachment'] });
    const before = await downloadStatuses(t, file.url);
    expect(before).toEqual({
      owner: 403,
      administrator: 403,
      moderator: 403,
      member: 200,
      guest: 403,
      bot: 403,
      anonymous: 403,
    });
    // engineering: public, the guest is not subscribed (a guest reads only subscribed channels).
    const inChannel = await member.messages.send({
      type: 'stream',
      to: 'engineering',
      topic: 'design',
      content: `See [the notes](${file.url})`,
    });
    const inEngineering = await downloadStatuses(t, file.url);
    expect(inEngineering).toEqual({
      owner: 200,
      administrator: 200,
      moderator: 200,
      member: 200,
      guest: 403,
      bot: 200,
      anonymous: 403,
    });
    // A link to a file the sender cannot see links nothing.
    const guestLink = await t
      .client('guest')
      .messages.send({ type: 'stream', to: 'general', topic: 'leak', content: `${REALM_URL}${file.url}` });
    expect((await linkTable(t, 'member')).links).toEqual({ 'design.txt': [inChannel.id] });
    // Someone who can see it may link it: then the guest sees it through general.
    const ownerLink = await t
      .client('owner')
      .messages.send({ type: 'stream', to: 'general', topic: 'share', content: `${REALM_URL}${file.url}` });
    expect((await linkTable(t, 'member')).links).toEqual({ 'design.txt': [inChannel.id, ownerLink.id] });
    expect((await t.download(file.url, { role: 'guest' })).status).toBe(200);

    const secret = await upload(t, 'member', 'for maya only', 'secret.txt');
    const direct = await member.messages.send({
      type: 'direct',
      to: [t.accounts.moderator.userId],
      content: `[secret](${secret.url})`,
    });
    const inDirect = await downloadStatuses(t, secret.url);
    expect(inDirect).toEqual({
      owner: 403,
      administrator: 403,
      moderator: 200,
      member: 200,
      guest: 403,
      bot: 403,
      anonymous: 403,
    });
    const { attachments } = await member.attachments.list();
    const sent = await member.messages.get({ message_id: direct.id });
    expect(attachments[1]?.messages).toEqual([{ id: direct.id, date_sent: sent.message.timestamp * 1000 }]);
    // `update` goes to the SENDER of the claiming message, whoever owns the file.
    const events = await attachmentEvents(t, 'member', queue_id);
    expect(events.map((e) => [e['op'], (e['attachment'] as { messages?: unknown[] }).messages?.length])).toEqual([
      ['update', 1],
      ['add', 0],
      ['update', 1],
    ]);
    const ownerEvents = await attachmentEvents(t, 'owner', ownerQueue);
    expect(ownerEvents).toEqual([
      {
        id: 0,
        type: 'attachment',
        op: 'update',
        attachment: { ...attachments[0], messages: attachments[0]?.messages.slice(0, 2) },
        upload_space_used: 12,
      },
    ]);
    return { before, inEngineering, guestLink: guestLink.id, inDirect, attachments, events, ownerEvents };
  }),

  scenario('attachments: deleting the last linking message deletes the file', async (t) => {
    const member = t.client('member');
    const file = await upload(t, 'member', 'twice linked', 'twice.txt');
    const { queue_id } = await member.events.register({ event_types: ['attachment'] });
    const first = await member.messages.send({
      type: 'stream',
      to: 'general',
      topic: 'a',
      content: `[one](${file.url})`,
    });
    const second = await member.messages.send({
      type: 'stream',
      to: 'general',
      topic: 'b',
      content: `[two](${file.url})`,
    });
    await member.messages.delete({ message_id: first.id });
    const afterFirst = await linkTable(t, 'member');
    expect(afterFirst).toEqual({ links: { 'twice.txt': [second.id] }, used: 12 });
    expect((await t.download(file.url, { role: 'member' })).status).toBe(200);
    await t.client('owner').messages.delete({ message_id: second.id });
    const afterSecond = await linkTable(t, 'member');
    expect(afterSecond).toEqual({ links: {}, used: 0 });
    expect((await t.download(file.url, { role: 'member' })).status).toBe(404);

    // A topic deletion releases the uploads of every message it deletes.
    const topicFile = await upload(t, 'member', 'topic file', 'topic.txt');
    await member.messages.send({ type: 'stream', to: 'general', topic: 'doomed', content: `[f](${topicFile.url})` });
    const { stream_id } = await member.channels.getId({ stream: 'general' });
    await t.client('administrator').channels.deleteTopic({ stream_id, topic_name: 'doomed' });
    expect(await linkTable(t, 'member')).toEqual({ links: {}, used: 0 });
    // Deleting a linking message sends nothing; deleting the attachment with it sends `remove`.
    const events = await attachmentEvents(t, 'member', queue_id);
    expect(events.map((e) => [e['op'], e['upload_space_used']])).toEqual([
      ['update', 12],
      ['update', 12],
      ['remove', 0],
      ['add', 10],
      ['update', 10],
      ['remove', 0],
    ]);
    return { afterFirst, afterSecond, events };
  }),

  scenario('attachments: content edits link and detach uploads', async (t) => {
    const member = t.client('member');
    const file = await upload(t, 'member', 'edited', 'edit.txt');
    const other = await upload(t, 'member', 'second', 'other.txt');
    const message = await member.messages.send({
      type: 'stream',
      to: 'general',
      topic: 'edits',
      content: `[f](${file.url})`,
    });
    const { queue_id } = await member.events.register({ event_types: ['attachment'] });
    const swapped = await member.messages.update({ message_id: message.id, content: `[o](${other.url})` });
    // Unlinking sends nothing; the newly linked file gets `update`.
    const swapEvents = await attachmentEvents(t, 'member', queue_id);
    expect(swapEvents.map((e) => [e['op'], (e['attachment'] as { id: number }).id])).toEqual([['update', other.id]]);
    expect(swapped.detached_uploads).toEqual([
      { id: file.id, name: 'edit.txt', path_id: file.pathId, size: 6, create_time: t.clock.now(), messages: [] },
    ]);
    expect((await linkTable(t, 'member')).links).toEqual({ 'edit.txt': [], 'other.txt': [message.id] });
    const same = await member.messages.update({
      message_id: message.id,
      content: `[o](${other.url}) and [f](${file.url})`,
    });
    expect(same.detached_uploads).toEqual([]);
    expect((await linkTable(t, 'member')).links).toEqual({ 'edit.txt': [message.id], 'other.txt': [message.id] });
    return { swapped, same, swapEvents };
  }),

  scenario('attachments: unused uploads go after five weeks on the server clock', async (t) => {
    const member = t.client('member');
    const unused = await upload(t, 'member', 'never sent', 'unused.txt');
    const used = await upload(t, 'member', 'sent', 'used.txt');
    const detached = await upload(t, 'member', 'sent then edited out', 'detached.txt');
    await member.messages.send({ type: 'stream', to: 'general', topic: 'keep', content: `[u](${used.url})` });
    const edited = await member.messages.send({
      type: 'stream',
      to: 'general',
      topic: 'keep',
      content: `[d](${detached.url})`,
    });
    await member.messages.update({ message_id: edited.id, content: 'nothing linked' });
    t.clock.advance(5 * WEEK_MS - 1000);
    const almost = await linkTable(t, 'member');
    const { queue_id } = await member.events.register({ event_types: ['attachment'] });
    expect(Object.keys(almost.links)).toEqual(['unused.txt', 'used.txt', 'detached.txt']);
    t.clock.advance(1000);
    // Any request runs the due clean-up first; a download too.
    expect((await t.download(unused.url, { role: 'member' })).status).toBe(404);
    const after = await linkTable(t, 'member');
    expect(after).toEqual({ links: { 'used.txt': [edited.id - 1] }, used: 4 });
    const events = await attachmentEvents(t, 'member', queue_id);
    expect(events).toEqual([
      { id: 0, type: 'attachment', op: 'remove', attachment: { id: unused.id }, upload_space_used: 24 },
      { id: 1, type: 'attachment', op: 'remove', attachment: { id: detached.id }, upload_space_used: 4 },
    ]);
    return { almost, after, events };
  }),

  scenario(
    'attachments: the clean-up period is a server setting',
    async (t) => {
      const file = await upload(t, 'member', 'short-lived', 'short.txt');
      t.clock.advance(WEEK_MS - 1);
      const kept = await linkTable(t, 'member');
      t.clock.advance(1);
      const gone = await linkTable(t, 'member');
      expect([kept.links, gone.links]).toEqual([{ 'short.txt': [] }, {}]);
      expect((await t.download(file.url, { role: 'member' })).status).toBe(404);
      return { kept, gone };
    },
    { config: { unclaimedAttachmentWeeks: 1 } },
  ),
];
