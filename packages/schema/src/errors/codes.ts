/**
 * The API's error codes, each with the HTTP status the reference server answers with.
 *
 * Statuses follow the real server (see https://zulip.com/api/rest-error-handling): almost every error is a 400,
 * authentication failures are 401 (with `WWW-Authenticate`), rate limits 429.
 * Adapters and the mock look statuses up here and nowhere else.
 *
 * @see https://zulip.com/api/rest-error-handling
 */
export const ERROR_CODES = {
  BAD_REQUEST: 400,
  REQUEST_VARIABLE_MISSING: 400,
  REQUEST_VARIABLE_INVALID: 400,
  REQUEST_CONFUSING_VAR: 400,
  INVALID_JSON: 400,
  BAD_NARROW: 400,
  BAD_EVENT_QUEUE_ID: 400,
  STREAM_DOES_NOT_EXIST: 400,
  UNAUTHORIZED_PRINCIPAL: 400,
  CANNOT_DEACTIVATE_LAST_USER: 400,
  CANNOT_DEACTIVATE_GROUP_IN_USE: 400,
  CANNOT_ADMINISTER_CHANNEL: 400,
  EXPECTATION_MISMATCH: 400,
  SYSTEM_GROUP_REQUIRED: 400,
  REACTION_ALREADY_EXISTS: 400,
  REACTION_DOES_NOT_EXIST: 400,
  STREAM_WILDCARD_MENTION_NOT_ALLOWED: 400,
  TOPIC_WILDCARD_MENTION_NOT_ALLOWED: 400,
  MOVE_MESSAGES_TIME_LIMIT_EXCEEDED: 400,
  TOPICS_NOT_ALLOWED: 400,
  MESSAGES_NOT_ALLOWED_IN_EMPTY_TOPIC: 400,
  PUSH_SERVICE_NOT_CONFIGURED: 400,
  NO_ACTIVE_PUSH_DEVICE: 400,
  ADMIN_ACTION_REQUIRED: 403,
  FAILED_TO_CONNECT_BOUNCER: 502,
  INTERNAL_SERVER_ERROR_ON_BOUNCER: 502,
  INVALID_PUSH_DEVICE_TOKEN: 400,
  INVALID_REMOTE_PUSH_DEVICE_TOKEN: 400,
  REALM_UPLOAD_QUOTA: 400,
  INVITATION_FAILED: 400,
  CHANNEL_ALREADY_EXISTS: 409,
  UNAUTHORIZED: 401,
  INVALID_API_KEY: 401,
  USER_DEACTIVATED: 401,
  REALM_DEACTIVATED: 401,
  AUTHENTICATION_FAILED: 401,
  PASSWORD_AUTH_DISABLED: 401,
  PASSWORD_RESET_REQUIRED: 401,
  CSRF_FAILED: 403,
  NONEXISTENT_SUBDOMAIN: 404,
  RATE_LIMIT_HIT: 429,
} as const;

/** One of the API's error codes. Match on it, never on `msg`. */
export type ErrorCode = keyof typeof ERROR_CODES;

/** Whether `value` is a code of the table (unknown codes from newer servers are still strings). */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

/** The HTTP status the reference server uses for `code`. */
export function httpStatusOf(code: ErrorCode): number {
  return ERROR_CODES[code];
}
