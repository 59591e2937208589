import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';

/** Creating channels and listing them: the basic shapes and rules. */
export const channelBasicScenarios: Scenario[] = [
  scenario('channels: channels.create makes a channel its subscribers see', async (t) => {
    const member = t.client('member');
    const { id } = await member.channels.create({
      name: '  design  ',
      description: 'Pixels\nand **fonts**',
      subscribers: [t.accounts.member.userId, t.accounts.moderator.userId],
    });
    const { streams } = await member.channels.list();
    const created = streams.find((s) => s.stream_id === id);
    expect(created).toMatchObject({
      name: 'design',
      description: 'Pixels and **fonts**',
      invite_only: false,
      history_public_to_subscribers: true,
      creator_id: t.accounts.member.userId,
      topics_policy: 'inherit',
      subscriber_count: 2,
      can_administer_channel_group: { direct_members: [t.accounts.member.userId], direct_subgroups: [] },
    });
    expect(created?.rendered_description).toContain('<strong>fonts</strong>');
    const duplicate = await failure(member.channels.create({ name: 'DESIGN', subscribers: [] }));
    // The real server's ChannelExistsError: HTTP 409.
    expect(duplicate).toMatchObject({ code: 'CHANNEL_ALREADY_EXISTS', status: 409 });
    return { id, streams, duplicate };
  }),

  scenario('channels: channels.create enforces names, permissions and settings', async (t) => {
    const owner = t.client('owner');
    const errors = {
      empty: await failure(owner.channels.create({ name: '   ', subscribers: [] })),
      long: await failure(owner.channels.create({ name: 'x'.repeat(61), subscribers: [] })),
      control: await failure(owner.channels.create({ name: 'bad\u0007name', subscribers: [] })),
      guest: await failure(t.client('guest').channels.create({ name: 'guests', subscribers: [] })),
      privateDefault: await failure(
        owner.channels.create({ name: 'p', subscribers: [], invite_only: true, is_default_stream: true }),
      ),
      memberDefault: await failure(
        t.client('member').channels.create({ name: 'd', subscribers: [], is_default_stream: true }),
      ),
      webPublic: await failure(owner.channels.create({ name: 'w', subscribers: [], is_web_public: true })),
      badSubscriber: await failure(owner.channels.create({ name: 's', subscribers: [424242] })),
      badGroup: await failure(owner.channels.create({ name: 'g', subscribers: [], can_send_message_group: 9999 })),
      everyoneAdmins: await failure(
        owner.channels.create({ name: 'e', subscribers: [], can_administer_channel_group: 6 }),
      ),
      retention: await failure(
        t.client('administrator').channels.create({ name: 'r', subscribers: [], message_retention_days: 30 }),
      ),
    };
    expect(errors.empty.msg).toBe("Channel name can't be empty.");
    expect(errors.long.msg).toBe('Channel name too long (limit: 60 characters).');
    expect(errors.control.msg).toBe('Invalid character in channel name, at position 4.');
    expect(errors.guest.msg).toBe('Not allowed for guest users');
    expect(errors.privateDefault.msg).toBe('A default channel cannot be private.');
    expect(errors.memberDefault).toMatchObject({ code: 'BAD_REQUEST', msg: 'Insufficient permission' });
    expect(errors.webPublic.msg).toBe('Web-public channels are not enabled.');
    expect(errors.badSubscriber.msg).toBe('No such user');
    expect(errors.badGroup.msg).toBe('Invalid user group');
    expect(errors.everyoneAdmins.msg).toBe(
      "'can_administer_channel_group' setting cannot be set to 'role:everyone' group.",
    );
    expect(errors.retention.msg).toBe('Must be an organization owner');
    const { streams } = await owner.channels.list({ include_all: true });
    expect(streams.map((s) => s.name)).toEqual(['engineering', 'general']);
    return errors;
  }),

  scenario('channels: a private channel is visible to its subscribers and administrators only', async (t) => {
    const { id } = await t
      .client('member')
      .channels.create({ name: 'secret', subscribers: [t.accounts.member.userId], invite_only: true });
    const memberView = await t.client('member').channels.list();
    const moderatorView = await t.client('moderator').channels.list({ include_all: true });
    const adminView = await t.client('administrator').channels.list({ include_all: true });
    expect(memberView.streams.find((s) => s.stream_id === id)).toMatchObject({
      invite_only: true,
      history_public_to_subscribers: false,
    });
    expect(moderatorView.streams.some((s) => s.stream_id === id)).toBe(false);
    expect(adminView.streams.some((s) => s.stream_id === id)).toBe(true);
    return { memberView, moderatorView, adminView };
  }),

  scenario('channels: GET /streams follows the include flags; guests see only their channels', async (t) => {
    const guest = await t.client('guest').channels.list();
    expect(guest.streams.map((s) => s.name)).toEqual(['general']);
    const moderator = await t.client('moderator').channels.list({ include_subscribed: true, include_public: false });
    expect(moderator.streams.map((s) => s.name)).toEqual(['general']);
    const defaults = await t
      .client('member')
      .channels.list({ include_public: false, include_subscribed: false, include_default: true });
    expect(defaults.streams).toMatchObject([{ name: 'general', is_default: true }]);
    const botOwner = await t
      .client('bot')
      .channels.list({ include_public: false, include_subscribed: false, include_owner_subscribed: true });
    expect(botOwner.streams.map((s) => s.name)).toEqual(['engineering', 'general']);
    const allActive = await failure(t.client('member').channels.list({ include_all_active: true }));
    return { guest, moderator, defaults, botOwner, allActive };
  }),
];
