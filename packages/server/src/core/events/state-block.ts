import type { OperationParams, UserContext } from '../model/context.js';

/** The parameters of POST /register. */
export type RegisterParams = OperationParams<'events.register'>;

/**
 * One block of the initial state of POST /register: the keys an area contributes, fetched
 * when `fetch_event_types` includes one of its event types.
 */
export interface StateBlock {
  eventTypes: readonly string[];
  fetch(ctx: UserContext, params: RegisterParams, capabilities: Readonly<Record<string, boolean>>): Record<string, unknown>;
}
