import { http, passthrough } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeIntegration, type FakeIntegration } from '../../test-support/fake-integration.js';
import type { Scenario } from './harness.js';
import { attachmentScenarios } from './scenarios/attachments/index.js';
import { botScenarios } from './scenarios/bots/index.js';
import { botStorageScenarios } from './scenarios/bots/storage.js';
import { systemBotScenarios } from './scenarios/bots/system-bots.js';
import { channelFolderScenarios } from './scenarios/channel-folders/index.js';
import { channelBasicScenarios } from './scenarios/channels/basics.js';
import { channelScenarios } from './scenarios/channels/index.js';
import { subscriptionScenarios } from './scenarios/channels/subscriptions.js';
import { subscriptionUpdateScenarios } from './scenarios/channels/subscriptions-update.js';
import { eventScenarios } from './scenarios/events/index.js';
import { fidelityEventScenarios } from './scenarios/events/fidelity.js';
import { linkifierScenarios } from './scenarios/linkifiers/index.js';
import { historyAndRenderScenarios } from './scenarios/messages/history-and-render.js';
import { messageScenarios } from './scenarios/messages/index.js';
import { narrowScenarios } from './scenarios/messages/narrows.js';
import { receiptAndReportScenarios } from './scenarios/messages/receipts-and-reports.js';
import { navigationViewScenarios } from './scenarios/navigation-views/index.js';
import { outgoingWebhookScenarios } from './scenarios/outgoing-webhooks/index.js';
import { pushScenarios } from './scenarios/push/index.js';
import { playgroundScenarios } from './scenarios/playgrounds/index.js';
import { presenceScenarios } from './scenarios/presence/index.js';
import { serverScenarios } from './scenarios/server/index.js';
import { clockJumpScenarios } from './scenarios/server/clock-jumps.js';
import { operatorScenarios } from './scenarios/server/operator.js';
import { settingsBasicScenarios } from './scenarios/settings/basics.js';
import { avatarScenarios } from './scenarios/settings/avatar.js';
import { settingsScenarios } from './scenarios/settings/index.js';
import { userGroupScenarios } from './scenarios/user-groups/index.js';
import { userBasicScenarios } from './scenarios/users/basics.js';
import { userScenarios } from './scenarios/users/index.js';
import { consistencyScenarios } from './scenarios/consistency/index.js';
import { trafficScenarios } from './scenarios/consistency/traffic.js';
import { typingScenarios } from './scenarios/typing/index.js';
import { markReadScenarios } from './scenarios/mark-read/index.js';
import { userStatusScenarios } from './scenarios/user-status/index.js';
import { userTopicScenarios } from './scenarios/user-topics/index.js';
import { mutedUserScenarios } from './scenarios/muted-users/index.js';
import { alertWordScenarios } from './scenarios/alert-words/index.js';
import { draftScenarios } from './scenarios/drafts/index.js';
import { defaultChannelScenarios } from './scenarios/default-channels/index.js';
import { inviteScenarios } from './scenarios/invites/index.js';
import { scheduledMessageScenarios } from './scenarios/scheduled-messages/index.js';
import { realmScenarios } from './scenarios/realm/index.js';
import { profileFieldScenarios } from './scenarios/profile-fields/index.js';
import { realmEmojiScenarios } from './scenarios/realm-emoji/index.js';
import { savedSnippetScenarios } from './scenarios/saved-snippets/index.js';
import { reminderScenarios } from './scenarios/reminders/index.js';
import { legacyPushScenarios } from './scenarios/push/legacy-tokens.js';
import { devModeScenarios } from './scenarios/server/dev-login.js';
import { featureLevelScenarios } from './scenarios/server/feature-levels.js';
import { callScenarios } from './scenarios/calls/index.js';
import { exportScenarios } from './scenarios/exports/index.js';
import { OpenApiResponseChecker, type RecordedResponse } from './openapi-responses.js';
import { createMockTarget, startServerTarget } from './targets.js';

/**
 * One set of scenarios, run against the reference server over real HTTP (real lowdb file,
 * loopback port) and against the MSW mock; both must behave the same and give the same
 * responses. Every area adds its scenarios to this list; `scenarios/<area>/` mirrors
 * `schema/src/endpoints/<area>/`.
 */
const scenarios: Scenario[] = [
  // In the order of the schema's table; a folder of scenarios per area of the contracts.
  ...serverScenarios,
  ...clockJumpScenarios,
  ...operatorScenarios,
  ...eventScenarios,
  ...fidelityEventScenarios,
  ...settingsBasicScenarios,
  ...settingsScenarios,
  ...avatarScenarios,
  ...channelBasicScenarios,
  ...channelScenarios,
  ...subscriptionScenarios,
  ...subscriptionUpdateScenarios,
  ...channelFolderScenarios,
  ...messageScenarios,
  ...narrowScenarios,
  ...historyAndRenderScenarios,
  ...presenceScenarios,
  ...userBasicScenarios,
  ...userScenarios,
  ...botScenarios,
  ...botStorageScenarios,
  ...systemBotScenarios,
  ...userGroupScenarios,
  ...navigationViewScenarios,
  ...linkifierScenarios,
  ...playgroundScenarios,
  ...attachmentScenarios,
  ...consistencyScenarios,
  ...trafficScenarios,
  ...typingScenarios,
  ...markReadScenarios,
  ...userStatusScenarios,
  ...userTopicScenarios,
  ...mutedUserScenarios,
  ...alertWordScenarios,
  ...draftScenarios,
  ...defaultChannelScenarios,
  ...scheduledMessageScenarios,
  ...realmScenarios,
  ...profileFieldScenarios,
  ...realmEmojiScenarios,
  ...savedSnippetScenarios,
  ...reminderScenarios,
  ...receiptAndReportScenarios,
  ...outgoingWebhookScenarios,
  ...pushScenarios,
  ...legacyPushScenarios,
  ...devModeScenarios,
  ...callScenarios,
  ...exportScenarios,
  ...inviteScenarios,
  ...featureLevelScenarios,
];

/**
 * Each scenario is one test that runs it on the server, then on the mock, then compares: no
 * test depends on another having run (shuffle and `.only` work). The mock's MSW server
 * listens only while the mock side runs, since it would intercept the real server's fetches.
 * Every answer the server gave is also checked against its OpenAPI document
 * (`GET /api/v1/openapi.json`): a status it lists for the operation, a body its schema takes.
 */
describe('parity: the reference server over HTTP and the MSW mock give the same responses', () => {
  let mockTarget: Awaited<ReturnType<typeof createMockTarget>>;
  let openApi: OpenApiResponseChecker;
  let integration: FakeIntegration;
  beforeAll(async () => {
    mockTarget = await createMockTarget();
    integration = await startFakeIntegration();
    const target = await startServerTarget({}, integration);
    try {
      const response = await target.ctx.raw('GET', '/openapi.json');
      openApi = new OpenApiResponseChecker(response.body as ConstructorParameters<typeof OpenApiResponseChecker>[0]);
    } finally {
      await target.close();
    }
  });
  afterAll(() => integration.close());

  for (const s of scenarios) {
    it(s.name, async () => {
      integration.reset();
      const recorded: RecordedResponse[] = [];
      const target = await startServerTarget(s.config ?? {}, integration, (response) => recorded.push(response));
      let onServer: unknown;
      try {
        onServer = await s.run(target.ctx);
      } finally {
        await target.close();
      }
      // Our OpenAPI document describes the current level; an older level's answers leave fields out.
      if (s.config?.featureLevel === undefined)
        expect(recorded.map((response) => openApi.problem(response)).filter((problem) => problem !== null)).toEqual([]);
      // The mock's outgoing webhooks reach the same integration server, through MSW.
      const msw = setupServer(
        ...mockTarget.mock.handlers,
        http.all(`${integration.url}/*`, () => passthrough()),
      );
      msw.listen({ onUnhandledRequest: 'error' });
      let onMock: unknown;
      try {
        integration.reset();
        onMock = await s.run(mockTarget.context(s.config ?? {}, integration));
        await mockTarget.mock.core.services.jobs.idle();
      } finally {
        msw.close();
      }
      expect(onMock).toEqual(onServer);
    });
  }
});
