import type { OperationParams, UserContext } from '../runtime/context.js';

/** The parameters of POST /register. */
export type RegisterParams = OperationParams<'events.register'>;

/** Whether the client asked for the state of event type `type` (`fetch_event_types`, default all). */
export type WantsType = (type: string) => boolean;

/**
 * One block of the initial state of POST /register: the keys an area contributes, fetched
 * when `fetch_event_types` includes one of its event types (or passes `selected`, for blocks
 * with a stricter rule, such as `unread_msgs` that needs both `message` and
 * `update_message_flags`).
 */
export interface StateBlock {
  eventTypes: readonly string[];
  /** A rule replacing "any of `eventTypes`" (the real server's `want(…)` conditions). */
  selected?(want: WantsType, capabilities: Readonly<Record<string, boolean>>): boolean;
  fetch(
    ctx: UserContext,
    params: RegisterParams,
    capabilities: Readonly<Record<string, boolean>>,
  ): Record<string, unknown>;
}
