import { describe, expect, it } from 'vitest';
import { Store } from '../../store/store.js';
import type { ChannelRecord } from '../model/records/channels.js';
import type { Db } from '../model/db.js';
import type { RealmRecord } from '../model/records/realm.js';
import { seededRandomBytes } from '../internal/seeded-random.js';
import { CHANNEL_GROUP_SETTING_CONFIGS } from '../model/group-setting-configs.js';
import { defaultGroupSettingValue } from '../model/group-setting-value.js';
import { createRealm } from '../realm/create-realm.js';
import { groupObjections } from './group-objections.js';
import { insertUserGroup } from './insert-user-group.js';

/** A group `used`, referenced by a realm setting (inside an anonymous group), two channels and two groups. */
async function organization() {
  const store = new Store<Db>();
  return store.write((db) => {
    const ctx = { db, now: () => 0, random: seededRandomBytes(1) };
    createRealm(db, { name: 'Test', stringId: 'test', description: '', now: 0 });
    const used = insertUserGroup(ctx, { name: 'used', description: '', members: [], creatorId: null });
    const channel = (id: number, isArchived: boolean): ChannelRecord => {
      const groups = Object.fromEntries(
        Object.entries(CHANNEL_GROUP_SETTING_CONFIGS).map(([setting, config]) => [
          setting,
          defaultGroupSettingValue({ db }, config, null),
        ]),
      ) as ChannelRecord['groups'];
      return db.put('channels', {
        id,
        name: `c${id}`,
        description: '',
        rendered_description: '',
        date_created: 0,
        creator_id: null,
        invite_only: false,
        is_web_public: false,
        history_public_to_subscribers: true,
        message_retention_days: null,
        topics_policy: 'inherit',
        first_message_id: null,
        folder_id: null,
        is_archived: isArchived,
        is_default: false,
        recipient_id: 100 + id,
        groups: {
          ...groups,
          can_send_message_group: used.id,
          can_resolve_topics_group: { direct_members: [], direct_subgroups: [used.id, 1] },
        },
      });
    };
    channel(1, false);
    channel(2, true);
    const active = insertUserGroup(ctx, {
      name: 'active',
      description: '',
      members: [],
      subgroupIds: [used.id],
      creatorId: null,
      settings: { can_mention_group: used.id },
    });
    const gone = insertUserGroup(ctx, {
      name: 'gone',
      description: '',
      members: [],
      subgroupIds: [used.id],
      creatorId: null,
      settings: { can_mention_group: used.id },
    });
    db.patch('user_groups', gone.id, { deactivated: true });
    const realm = db.get('realm', 1) as RealmRecord;
    const updated = db.patch('realm', 1, {
      groups: { ...realm.groups, can_create_groups: { direct_members: [], direct_subgroups: [used.id, 2] } },
    });
    return { db, realm: updated, used, active };
  });
}

describe('groupObjections', () => {
  it('lists active supergroups, then settings of live channels, active groups and the organization', async () => {
    const { db, realm, used, active } = await organization();
    expect(groupObjections({ db, realm }, used)).toEqual([
      { type: 'subgroup', supergroup_ids: [active.id] },
      { type: 'channel', channel_id: 1, settings: ['can_resolve_topics_group', 'can_send_message_group'] },
      { type: 'user_group', group_id: active.id, settings: ['can_mention_group'] },
      { type: 'realm', settings: ['can_create_groups'] },
    ]);
  });

  it('has nothing to say about an unused group', async () => {
    const { db, realm, active } = await organization();
    expect(groupObjections({ db, realm }, active)).toEqual([]);
  });
});
