import {
  CHANNEL_GROUP_SETTING_CONFIGS,
  REALM_GROUP_SETTING_CONFIGS,
  USER_GROUP_SETTING_CONFIGS,
  type GroupSettingConfig,
} from '../model/group-setting-configs.js';

function describe(config: GroupSettingConfig): Record<string, unknown> {
  return {
    require_system_group: false,
    allow_internet_group: config.allowInternet,
    allow_nobody_group: config.allowNobody,
    allow_everyone_group: config.allowEveryone,
    // A creator default is an anonymous group of the creator: the real server names it so.
    default_group_name: config.defaultGroup === 'creator' ? 'group_creator' : config.defaultGroup,
    default_for_system_groups: null,
    allowed_system_groups: [],
  };
}

function table(configs: Record<string, GroupSettingConfig>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(configs).map(([name, config]) => [name, describe(config)]));
}

/**
 * `server_supported_permission_settings` of POST /register: how each group setting of the
 * organization, of channels and of user groups may be set (FL 221), from the server's own
 * configuration tables.
 */
export function supportedPermissionSettings(): Record<string, unknown> {
  return {
    realm: table(REALM_GROUP_SETTING_CONFIGS),
    stream: table(CHANNEL_GROUP_SETTING_CONFIGS),
    group: table(USER_GROUP_SETTING_CONFIGS),
  };
}
