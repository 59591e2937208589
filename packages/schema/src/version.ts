/** The feature level of the API the reference server implements (https://zulip.com/api/changelog). */
export const FEATURE_LEVEL = 420;
/** The server version reported with {@link FEATURE_LEVEL}. */
export const SERVER_VERSION = '11.0-teamchat';
/** Base path of the REST API. */
export const API_PREFIX = '/api/v1';
