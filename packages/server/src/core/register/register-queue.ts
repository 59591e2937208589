import { zulipVersionAt } from '@teamchat/schema';
import { queueNarrowFilter } from '../narrow/index.js';
import { STATE_BLOCKS } from './state-blocks.js';
import type { OperationParams, UserContext } from '../runtime/context.js';

/**
 * POST /register: creates an event queue and answers the initial state of the areas
 * `fetch_event_types` selects (default `event_types`, default all). Queue and state are made
 * in one step, so no event falls between them.
 */
export function registerQueue(params: OperationParams<'events.register'>, ctx: UserContext<'store'>) {
  const fetchTypes = params.fetch_event_types ?? params.event_types ?? null;
  const capabilities = params.client_capabilities ?? {};
  // Compiled before the queue exists, so an unsupported narrow leaves nothing behind.
  const messageFilter = params.narrow.length > 0 ? queueNarrowFilter(ctx, ctx.user, params.narrow) : null;
  const queue = ctx.events.register(ctx.user.id, {
    eventTypes: params.event_types ?? null,
    applyMarkdown: params.apply_markdown,
    clientGravatar: params.client_extavatar,
    slimPresence: params.slim_presence,
    allPublicStreams: params.all_public_streams,
    capabilities,
    narrow: params.narrow,
    lifespanSecs: params.lifespan_secs,
  });
  queue.messageFilter = messageFilter;
  // The state below includes every committed transaction, even those whose events are
  // still waiting for their fsync: the queue must not get them a second time.
  queue.registeredSeq = ctx.store.lastSeq;
  const state: Record<string, unknown> = {
    queue_id: queue.id,
    last_event_id: -1,
    zulip_feature_level: ctx.config.featureLevel,
    zulip_version: zulipVersionAt(ctx.config.featureLevel),
    zulip_merge_base: zulipVersionAt(ctx.config.featureLevel),
  };
  const want = (type: string) => fetchTypes === null || fetchTypes.includes(type);
  for (const block of STATE_BLOCKS) {
    const selected = block.selected ? block.selected(want, capabilities) : block.eventTypes.some(want);
    if (selected) Object.assign(state, block.fetch(ctx, params, capabilities));
  }
  return state as {
    queue_id: string;
    last_event_id: number;
    zulip_feature_level: number;
    zulip_version: string;
    zulip_merge_base: string;
  };
}
