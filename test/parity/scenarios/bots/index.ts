import { expect } from 'vitest';
import { failure, scenario, type Scenario } from '../../harness.js';
import { eventsOf, makeBot, queueOf, setRealmGroup } from './helpers.js';

const DOMAIN = 'teamchat.test';

/** Bots: POST/GET/PATCH/DELETE /bots, API keys, `realm_bots`, `realm_bot` events, who may create which bot. */
export const botScenarios: Scenario[] = [
  scenario('bots: a member creates a generic bot; it works with its own key and is listed to its owner', async (t) => {
    const ownerQueue = await queueOf(t, 'member', ['realm_bot', 'realm_user']);
    const adminQueue = await queueOf(t, 'administrator', ['realm_bot']);
    const otherQueue = await queueOf(t, 'moderator', ['realm_bot']);
    const created = await t
      .client('member')
      .bots.create({ full_name: 'Deploy Helper', short_name: 'deploy', default_sending_stream: 'general' });
    expect(created).toMatchObject({
      default_sending_stream: 'general',
      default_events_register_stream: null,
      default_all_public_streams: false,
    });
    expect(created.api_key).toMatch(/^[A-Za-z0-9]{32}$/);
    const email = `deploy-bot@${DOMAIN}`;
    const me = await t.clientFor(email, created.api_key).users.me({});
    expect(me).toMatchObject({ user_id: created.user_id, is_bot: true, full_name: 'Deploy Helper' });
    const { bots } = await t.client('member').bots.list({});
    expect(bots).toEqual([
      {
        username: email,
        full_name: 'Deploy Helper',
        api_key: created.api_key,
        avatar_url: expect.any(String),
        default_sending_stream: 'general',
        default_events_register_stream: null,
        default_all_public_streams: false,
      },
    ]);
    expect((await t.client('administrator').bots.list({})).bots).toEqual([]);
    const ownerEvents = await eventsOf(t, 'member', ownerQueue);
    const adminEvents = await eventsOf(t, 'administrator', adminQueue);
    expect(ownerEvents.map((e) => `${String(e['type'])} ${String(e['op'])}`)).toEqual([
      'realm_user add',
      'realm_bot add',
    ]);
    expect(adminEvents).toEqual([ownerEvents[1]]);
    expect(adminEvents[0]).toMatchObject({
      bot: {
        user_id: created.user_id,
        email,
        bot_type: 1,
        is_active: true,
        api_key: created.api_key,
        owner_id: t.accounts.member.userId,
        services: [],
      },
    });
    expect(await eventsOf(t, 'moderator', otherQueue)).toEqual([]);
    const memberState = await t.client('member').events.register({ fetch_event_types: ['realm_bot'], event_types: [] });
    const adminState = await t
      .client('administrator')
      .events.register({ fetch_event_types: ['realm_bot'], event_types: [] });
    expect((memberState['realm_bots'] as { user_id: number }[]).map((b) => b.user_id)).toEqual([created.user_id]);
    // Administrators see every bot of the organization (the demo bot too), never the server's own.
    expect((adminState['realm_bots'] as { user_id: number }[]).map((b) => b.user_id)).toEqual([
      t.accounts.bot.userId,
      created.user_id,
    ]);
    return { created, bots, ownerEvents, adminState: adminState['realm_bots'] };
  }),

  scenario(
    'bots: an outgoing-webhook bot gets a fixed alphanumeric service token, seen by its administrators',
    async (t) => {
      const { id } = await makeBot(t, 'member', {
        full_name: 'Echo',
        short_name: 'echo',
        bot_type: 3,
        payload_url: 'https://bots.example/echo',
        interface_type: 2,
      });
      const state = await t.client('member').events.register({ fetch_event_types: ['realm_bot'], event_types: [] });
      const bot = (state['realm_bots'] as { user_id: number; services: { token: string }[] }[]).find(
        (b) => b.user_id === id,
      );
      expect(bot?.services).toEqual([
        { base_url: 'https://bots.example/echo', interface: 2, token: expect.stringMatching(/^[A-Za-z0-9]{32}$/) },
      ]);
      const updated = await t
        .client('member')
        .bots.update({ bot_id: id, service_payload_url: 'https://bots.example/v2', service_interface: 1 });
      expect(updated).toMatchObject({
        service_payload_url: 'https://bots.example/v2',
        service_interface: 1,
        config_data: null,
        bot_owner: t.accounts.member.email,
      });
      const after = await t.client('member').events.register({ fetch_event_types: ['realm_bot'], event_types: [] });
      const services = (after['realm_bots'] as { user_id: number; services: { token: string }[] }[]).find(
        (b) => b.user_id === id,
      )?.services;
      // The token stays what it was: it is fixed per bot.
      expect(services?.[0]?.token).toBe(bot?.services[0]?.token);
      const notUrl = await failure(t.client('member').bots.update({ bot_id: id, service_payload_url: 'not a url' }));
      const badInterface = await failure(
        t.client('member').bots.update({ bot_id: id, service_payload_url: 'https://x.example', service_interface: 7 }),
      );
      expect(notUrl).toEqual({
        code: 'BAD_REQUEST',
        msg: 'service_payload_url is not a URL',
        status: 400,
        extra: { var_name: 'service_payload_url' },
      });
      expect(badInterface.msg).toBe('Invalid interface type');
      return { services, updated, notUrl, badInterface };
    },
  ),

  scenario('bots: creation refuses what the real server refuses, in its order', async (t) => {
    const member = t.client('member');
    await makeBot(t, 'member', { full_name: 'Taken Name', short_name: 'taken' });
    const errors = {
      emptyShortName: await failure(member.bots.create({ full_name: 'Some Bot', short_name: '  ' })),
      shortFullName: await failure(member.bots.create({ full_name: 'x', short_name: 'x' })),
      badShortName: await failure(member.bots.create({ full_name: 'Spaces Bot', short_name: 'has space' })),
      embedded: await failure(member.bots.create({ full_name: 'Embedded', short_name: 'emb', bot_type: 4 })),
      usernameTaken: await failure(member.bots.create({ full_name: 'Other Name', short_name: 'taken' })),
      nameTaken: await failure(member.bots.create({ full_name: 'Mike Member', short_name: 'mike2' })),
      badType: await failure(member.bots.create({ full_name: 'Typed', short_name: 'typed', bot_type: 9 })),
      badInterface: await failure(
        member.bots.create({ full_name: 'Iface', short_name: 'iface', bot_type: 3, interface_type: 5 }),
      ),
      badUrl: await failure(
        member.bots.create({ full_name: 'Url', short_name: 'url', bot_type: 3, payload_url: 'ftp://x' }),
      ),
      badChannel: await failure(
        member.bots.create({ full_name: 'Chan', short_name: 'chan', default_sending_stream: 'nowhere' }),
      ),
      guest: await failure(t.client('guest').bots.create({ full_name: 'Guest Bot', short_name: 'guestbot' })),
      bot: await failure(t.client('bot').bots.create({ full_name: 'Bot Bot', short_name: 'botbot' })),
    };
    expect(errors.emptyShortName.msg).toBe('Bad name or username');
    expect(errors.shortFullName.msg).toBe('Name too short!');
    expect(errors.badShortName.msg).toBe('Bad name or username');
    expect(errors.embedded.msg).toBe('Embedded bots are not enabled.');
    expect(errors.usernameTaken.msg).toBe('Username already in use');
    expect(errors.nameTaken.msg).toBe('Name is already in use!');
    expect(errors.badType.msg).toBe('Invalid bot type');
    expect(errors.badInterface.msg).toBe('Invalid interface type');
    expect(errors.badUrl.msg).toBe('payload_url is not a URL');
    expect(errors.badChannel.msg).toBe("Invalid channel name 'nowhere'");
    expect(errors.guest.msg).toBe('Not allowed for guest users');
    expect(errors.bot.msg).toBe('This endpoint does not accept bot requests.');
    expect(
      [...t.store.all('users')].filter((u) => u.is_bot && u.is_system_bot !== true).map((u) => u.full_name),
    ).toEqual(['Demo Bot', 'Taken Name']);
    return errors;
  }),

  scenario(
    'bots: can_create_bots_group and can_create_write_only_bots_group decide who creates which bot',
    async (t) => {
      await setRealmGroup(t, 'can_create_bots_group', 'role:administrators');
      const generic = await failure(t.client('member').bots.create({ full_name: 'Generic', short_name: 'generic' }));
      const outgoing = await failure(
        t.client('member').bots.create({ full_name: 'Outgoing', short_name: 'outgoing', bot_type: 3 }),
      );
      const incoming = await t
        .client('member')
        .bots.create({ full_name: 'Incoming', short_name: 'incoming', bot_type: 2 });
      const byAdmin = await t
        .client('administrator')
        .bots.create({ full_name: 'Admin Generic', short_name: 'admingeneric' });
      await setRealmGroup(t, 'can_create_write_only_bots_group', 'role:moderators');
      const incomingRefused = await failure(
        t.client('member').bots.create({ full_name: 'Incoming Two', short_name: 'incoming2', bot_type: 2 }),
      );
      const moderatorIncoming = await t
        .client('moderator')
        .bots.create({ full_name: 'Mod Incoming', short_name: 'modincoming', bot_type: 2 });
      const moderatorGeneric = await failure(
        t.client('moderator').bots.create({ full_name: 'Mod Generic', short_name: 'modgeneric' }),
      );
      expect(generic).toEqual({ code: 'BAD_REQUEST', msg: 'Insufficient permission', status: 400, extra: {} });
      expect(outgoing).toEqual(generic);
      expect(incomingRefused).toEqual(generic);
      expect(moderatorGeneric).toEqual(generic);
      const state = await t.client('owner').events.register({ fetch_event_types: ['realm'], event_types: [] });
      // An incoming-webhook bot may only use webhook endpoints.
      const incomingKey = await failure(t.clientFor(`incoming-bot@${DOMAIN}`, incoming.api_key).users.me({}));
      expect(incomingKey).toMatchObject({
        code: 'UNAUTHORIZED',
        status: 401,
        msg: 'This API is not available to incoming webhook bots.',
      });
      return {
        generic,
        incoming: incoming.user_id,
        byAdmin: byAdmin.user_id,
        moderatorIncoming: moderatorIncoming.user_id,
        settings: [state['realm_can_create_bots_group'], state['realm_can_create_write_only_bots_group']],
        incomingKey,
      };
    },
  ),

  scenario(
    'bots: PATCH changes name, owner and defaults with their events; only owners and administrators may',
    async (t) => {
      const { id } = await makeBot(t, 'member', { full_name: 'Helper', short_name: 'helper' });
      const adminQueue = await queueOf(t, 'administrator', ['realm_bot']);
      const memberQueue = await queueOf(t, 'member', ['realm_bot']);
      const moderatorQueue = await queueOf(t, 'moderator', ['realm_bot']);
      const renamed = await t.client('member').bots.update({
        bot_id: id,
        full_name: 'Helper Two',
        default_events_register_stream: 'general',
        default_all_public_streams: true,
      });
      expect(renamed).toMatchObject({
        full_name: 'Helper Two',
        default_events_register_stream: 'general',
        default_all_public_streams: true,
        bot_owner: t.accounts.member.email,
      });
      const moved = await t
        .client('administrator')
        .bots.update({ bot_id: id, bot_owner_id: t.accounts.moderator.userId });
      expect(moved.bot_owner).toBe(t.accounts.moderator.email);
      const events = {
        admin: await eventsOf(t, 'administrator', adminQueue),
        oldOwner: await eventsOf(t, 'member', memberQueue),
        newOwner: await eventsOf(t, 'moderator', moderatorQueue),
      };
      expect(events.oldOwner.at(-1)).toEqual({ type: 'realm_bot', op: 'delete', bot: { user_id: id } });
      expect(events.newOwner).toEqual([
        {
          type: 'realm_bot',
          op: 'add',
          bot: expect.objectContaining({ user_id: id, owner_id: t.accounts.moderator.userId }),
        },
      ]);
      expect(events.admin.at(-1)).toEqual({
        type: 'realm_bot',
        op: 'update',
        bot: { user_id: id, owner_id: t.accounts.moderator.userId },
      });
      const errors = {
        notMine: await failure(t.client('member').bots.update({ bot_id: id, full_name: 'Mine Now' })),
        noSuchBot: await failure(
          t.client('moderator').bots.update({ bot_id: t.accounts.member.userId, full_name: 'Nope' }),
        ),
        unknown: await failure(t.client('moderator').bots.update({ bot_id: 9999, full_name: 'Nope' })),
        ownerMissing: await failure(t.client('moderator').bots.update({ bot_id: id, bot_owner_id: 9999 })),
        ownerBot: await failure(t.client('moderator').bots.update({ bot_id: id, bot_owner_id: t.accounts.bot.userId })),
        nameTaken: await failure(t.client('moderator').bots.update({ bot_id: id, full_name: 'Olivia Owner' })),
        roleByNonAdmin: await failure(t.client('moderator').bots.update({ bot_id: id, role: 200 })),
        badChannel: await failure(t.client('moderator').bots.update({ bot_id: id, default_sending_stream: 'nowhere' })),
      };
      expect(errors.notMine.msg).toBe('Insufficient permission');
      expect(errors.noSuchBot.msg).toBe('No such bot');
      expect(errors.unknown.msg).toBe('No such bot');
      expect(errors.ownerMissing.msg).toBe('Failed to change owner, no such user');
      expect(errors.ownerBot.msg).toBe("Failed to change owner, bots can't own other bots");
      expect(errors.nameTaken.msg).toBe('Name is already in use!');
      expect(errors.roleByNonAdmin).toMatchObject({
        code: 'UNAUTHORIZED_PRINCIPAL',
        msg: 'Must be an organization administrator',
      });
      expect(errors.badChannel.msg).toBe("Invalid channel name 'nowhere'");
      const cleared = await t.client('moderator').bots.update({ bot_id: id, default_events_register_stream: '' });
      expect(cleared.default_events_register_stream).toBeNull();
      return { renamed, moved, events, errors, cleared };
    },
  ),

  scenario('bots: a new API key replaces the old one; a deactivated bot is refused', async (t) => {
    const { id, apiKey } = await makeBot(t, 'member', { full_name: 'Keyed', short_name: 'keyed' });
    const adminQueue = await queueOf(t, 'administrator', ['realm_bot', 'realm_user']);
    const { api_key } = await t.client('member').bots.regenerateApiKey({ bot_id: id });
    expect(api_key).not.toBe(apiKey);
    const email = `keyed-bot@${DOMAIN}`;
    const oldKey = await failure(t.clientFor(email, apiKey).users.me({}));
    expect(oldKey).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    expect((await t.clientFor(email, api_key).users.me({})).user_id).toBe(id);
    await t.client('member').bots.deactivate({ bot_id: id });
    const deactivated = await failure(t.clientFor(email, api_key).users.me({}));
    expect(deactivated).toMatchObject({ code: 'UNAUTHORIZED', msg: 'Account is deactivated' });
    const again = await t.client('member').bots.deactivate({ bot_id: id });
    const events = await eventsOf(t, 'administrator', adminQueue);
    expect(events).toEqual([
      { type: 'realm_bot', op: 'update', bot: { user_id: id, api_key } },
      { type: 'realm_user', op: 'update', person: { user_id: id, is_active: false } },
      { type: 'realm_bot', op: 'update', bot: { user_id: id, is_active: false } },
    ]);
    const others = await failure(t.client('moderator').bots.deactivate({ bot_id: id }));
    expect(others.msg).toBe('Insufficient permission');
    expect((await t.client('member').bots.list({})).bots).toEqual([]);
    const adminState = await t
      .client('administrator')
      .events.register({ fetch_event_types: ['realm_bot'], event_types: [] });
    expect(
      (adminState['realm_bots'] as { user_id: number; is_active: boolean }[]).find((b) => b.user_id === id)?.is_active,
    ).toBe(false);
    return { oldKey, deactivated, again, events, others };
  }),
];
