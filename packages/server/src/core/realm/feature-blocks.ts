import type { StateBlock } from '../events/state-block.js';

/**
 * Blocks of POST /register for features this server does not have, answered as the real
 * server answers an organization without them: no onboarding steps to show, no Zoom account
 * linked, no GIPHY key, no default channel groups.
 */
export const onboardingStepsState: StateBlock = {
  eventTypes: ['onboarding_steps'],
  fetch: () => ({ onboarding_steps: [], navigation_tour_video_url: null }),
};

/** `video_calls`: whether the user linked a Zoom account (never, here). */
export const videoCallsState: StateBlock = {
  eventTypes: ['video_calls'],
  fetch: () => ({ has_zoom_token: false }),
};

/** `giphy`: the server's GIPHY API key, empty when GIPHY is not set up. */
export const giphyState: StateBlock = {
  eventTypes: ['giphy'],
  fetch: () => ({ giphy_api_key: '' }),
};

/** `default_stream_groups`: the groups of default channels offered at sign-up (none). */
export const defaultStreamGroupsState: StateBlock = {
  eventTypes: ['default_stream_groups'],
  fetch: () => ({ realm_default_stream_groups: [] }),
};

/** A block of one event type whose state is an empty list: a feature this server lacks. */
function noneOf(eventType: string, key = eventType): StateBlock {
  return { eventTypes: [eventType], fetch: () => ({ [key]: [] }) };
}

/** `realm_embedded_bots`: the embedded bots the server offers to configure (none: it refuses embedded bots). */
export const embeddedBotsState = noneOf('realm_embedded_bots');

/** `realm_incoming_webhook_bots`: the incoming-webhook integrations the server offers (none: it has no integrations). */
export const incomingWebhookBotsState = noneOf('realm_incoming_webhook_bots');
