/**
 * @module @teamchat/mock
 * An MSW mock of the team chat API that keeps state and keeps the rules: it runs the
 * reference server's core on a memory store.
 */
export { createMock, mockCoreOptions, MOCK_PASSWORDS, mockOrganization } from './create-mock.js';
export { createClock, DEFAULT_START } from './clock.js';
export type { MockClientOptions, MockOptions, SimulateOptions, TeamchatMock } from './create-mock.js';
export type { ClockOptions, MockClock } from './clock.js';
export type { Faults, FaultTarget } from './faults.js';
export type { DemoAccount, DemoRole, EmailRecord, OutboxQuery, RateLimitRules } from '@teamchat/server';
export { defaultRateLimits } from '@teamchat/server';
