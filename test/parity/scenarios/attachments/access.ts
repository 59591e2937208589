import { expect } from 'vitest';
import { scenario, type Scenario } from '../../harness.js';
import { uid } from '../user-groups/helpers.js';
import { downloadStatuses, upload } from './helpers.js';

/**
 * Who may download a linked file, as the real server's `validate_attachment_request` decides:
 * reading a message is not enough. A guest may read a web-public channel's messages without
 * being subscribed, but gets its files only by receiving a linking message or by an active
 * subscription to a linking channel with shared history; spectators only through web-public
 * channels; non-guests through any public channel, never through a private one they are not in.
 */
export const attachmentAccessScenarios: Scenario[] = [
  scenario('attachments: web-public and private links, unsubscribed guests and spectators', async (t) => {
    const owner = t.client('owner');
    const member = t.client('member');
    // No endpoint of this area opens the organization to spectators: set it as an operator would.
    await t.store.write((tx) => tx.patch('realm', 1, { enable_spectator_access: true }));
    await owner.channels.create({
      name: 'showcase',
      subscribers: [uid(t, 'owner'), uid(t, 'member')],
      is_web_public: true,
    });
    const file = await upload(t, 'member', 'shown to the world', 'world.txt');
    await member.messages.send({ type: 'stream', to: 'showcase', topic: 'files', content: `[w](${file.url})` });
    // The guest may read the message itself, but not download its file.
    const guestReads = (
      await t.client('guest').messages.list({
        anchor: 'newest',
        num_before: 1,
        num_after: 0,
        narrow: [{ operator: 'channel', operand: 'showcase' }],
      })
    ).messages.length;
    expect(guestReads).toBe(1);
    const webPublic = await downloadStatuses(t, file.url);
    expect(webPublic).toEqual({
      owner: 200,
      administrator: 200,
      moderator: 200,
      member: 200,
      guest: 403,
      bot: 200,
      anonymous: 200,
    });
    // Subscribed, with history shared: the guest gets it; unsubscribed again, not any more.
    await owner.channels.subscribe({ subscriptions: [{ name: 'showcase' }], principals: [uid(t, 'guest')] });
    const subscribed = (await t.download(file.url, { role: 'guest' })).status;
    await owner.channels.unsubscribe({ subscriptions: ['showcase'], principals: [uid(t, 'guest')] });
    const unsubscribed = (await t.download(file.url, { role: 'guest' })).status;
    expect([subscribed, unsubscribed]).toEqual([200, 403]);

    // A private channel with shared history: its subscribers (also later ones), nobody else,
    // administrators included.
    const secret = await upload(t, 'member', 'board only', 'board.txt');
    await member.channels.create({
      name: 'board',
      subscribers: [uid(t, 'member')],
      invite_only: true,
      history_public_to_subscribers: true,
    });
    await member.messages.send({ type: 'stream', to: 'board', topic: 'files', content: `[b](${secret.url})` });
    await member.channels.subscribe({ subscriptions: [{ name: 'board' }], principals: [uid(t, 'moderator')] });
    const privateLink = await downloadStatuses(t, secret.url);
    expect(privateLink).toEqual({
      owner: 403,
      administrator: 403,
      moderator: 200,
      member: 200,
      guest: 403,
      bot: 403,
      anonymous: 403,
    });
    return { guestReads, webPublic, subscribed, unsubscribed, privateLink };
  }),
];
