/**
 * The core's surface for what sits above it (the REST and tRPC transports, the node adapters,
 * the binary, the mock): nothing outside `src/core` imports a file of the core but this one.
 */

// Assembly
export { createCore } from './create-core.js';
export type { Core, CoreOptions } from './create-core.js';
export { isOperatorRequest } from './operator/operator-actions.js';
export type { OperatorAnswer, OperatorRequest } from './operator/operator-actions.js';
export { OPERATOR_ROLES } from './users/operator-roles.js';
export type { OperatorRole } from './users/operator-roles.js';

// Services and records
export { DEV_PASSWORD_POLICY, defaultServerConfig } from './config/server-config.js';
export { configVersion } from './config/config-changes.js';
export { silentLogger } from './runtime/logger.js';
export { jsonTextOf } from './model/json-text.js';
export type { Context, RequestInfo } from './runtime/context.js';
export type { HttpSender, OutboundRequest, OutboundResult } from './runtime/outbound.js';
export type { Logger } from './runtime/logger.js';
export type { ServerConfig } from './config/server-config.js';
export type { Services } from './runtime/services.js';
export type { Db, DbStore } from './model/db.js';
export type { UserRecord } from './model/records/users.js';
export { defaultRateLimits } from './config/rate-limit-rules.js';
export type { RateLimitRule, RateLimitRules } from './config/rate-limit-rules.js';
export { createMemoryFileStore } from './runtime/file-store.js';
export type { FileStore } from './runtime/file-store.js';
export { randomAlphanumeric, secureRandomBytes, type RandomBytes } from './internal/random.js';
export { constantTimeEqual } from './internal/constant-time.js';
export { seededRandomBytes } from './internal/seeded-random.js';

// Seeding and maintenance
export { demoFixture, findDemoAccounts, seedDemoOrganization } from './seed/demo-organization.js';
export type { DemoOptions } from './seed/demo-organization.js';
export { seedOrganization } from './seed/seed-organization.js';
export { exportOrganization } from './seed/export-organization.js';
export type { DemoAccount, DemoRole, SeedOptions } from './seed/seed-organization.js';
export { FixtureError, parseFixture } from './seed/parse-fixture.js';
export { FIXTURE_FORMAT, OrganizationFixture } from './seed/fixture-schema.js';
export type { OrganizationFixtureInput } from './seed/fixture-schema.js';
export { seedChannelMessages } from './seed/channel-messages.js';
export type { ChannelMessagesSeed } from './seed/channel-messages.js';
export { removeOrphanFiles } from './attachments/remove-orphan-files.js';

// Pages and limits the transports need
export { MIB, maxUploadBytes } from './attachments/upload-limit.js';
export { confirmEmailChangePage } from './pages/confirm-email-change.js';
export { serveUploadPage } from './pages/serve-upload.js';
export { serveEmojiPage } from './pages/serve-emoji.js';
export { serveAvatarPage } from './pages/serve-avatar.js';
export { serveTemporaryUploadPage } from './pages/serve-temporary-upload.js';
export { serveExportPage } from './pages/serve-export.js';
export { joinBigBlueButtonPage } from './pages/join-big-blue-button.js';
export { registerPage, signUpFormPage } from './pages/sign-up.js';
export { devLogInPage, logInPage, logOutPage } from './pages/log-in.js';
export { findSession } from './sessions/find-session.js';
export { inspectorJournalPage } from './pages/inspector-journal.js';
export type { EventEntry, JournalEntry, RequestEntry } from './runtime/journal.js';
export { isAdmin } from './model/roles.js';
export { outboxEmails } from './emails/send-email.js';
export type { OutboxQuery } from './emails/send-email.js';
export type { EmailRecord } from './model/records/outbox.js';
export type { UploadRead } from './attachments/read-upload.js';
