import { randomAlphanumeric } from '../internal/random.js';
import type { ModelContext } from './model-context.js';
import type { UserRecord } from './records/users.js';

/** What a new account is made of. */
export interface NewUser {
  /** A given ID (fixtures); the next one otherwise. */
  id?: number;
  email: string;
  fullName: string;
  role: UserRecord['role'];
  /** A password hash (see hashPassword), or null for accounts without password login. */
  passwordHash: string | null;
  bot?: { type: NonNullable<UserRecord['bot_type']>; ownerId: number | null; service?: UserRecord['service'] };
  timezone?: string;
  /** A bot of the server itself (Notification Bot). */
  systemBot?: boolean;
}

/**
 * Creates an account with a fresh API key, a personal recipient and the organization's
 * default settings (existing accounts never change when the defaults do).
 */
export function createUser(ctx: Pick<ModelContext, 'db' | 'now' | 'random'>, input: NewUser): UserRecord {
  const realm = ctx.db.get('realm', 1);
  if (!realm) throw new Error('[teamchat-server] create the organization before its users');
  const id = input.id ?? ctx.db.nextId('users');
  const recipientId = ctx.db.nextId('recipients');
  ctx.db.put('recipients', { id: recipientId, type: 'personal', type_id: id });
  return ctx.db.put('users', {
    id,
    email: input.email,
    full_name: input.fullName,
    role: input.role,
    is_active: true,
    is_bot: input.bot !== undefined,
    bot_type: input.bot?.type ?? null,
    bot_owner_id: input.bot?.ownerId ?? null,
    api_key: randomAlphanumeric(32, ctx.random),
    password_hash: input.passwordHash,
    date_joined: ctx.now(),
    avatar_source: 'G',
    avatar_version: 1,
    recipient_id: recipientId,
    settings: { ...realm.user_settings_defaults, timezone: input.timezone ?? realm.user_settings_defaults.timezone },
    profile_data: {},
    can_change_user_emails: false,
    can_create_users: false,
    ...(input.systemBot ? { is_system_bot: true } : {}),
    service: input.bot?.service ?? null,
  });
}
