import type { Endpoint, EndpointParams, EndpointResult } from '@teamchat/schema';
import { z } from 'zod';
import type { Core } from '../core/index.js';
import type { RestReply } from './rest-request.js';
import type { PageRoute, RouteRequest, SiteMethod } from './site-router.js';

/** A row that runs a core page: how its params come from the request, how its answer is rendered. */
interface PageRow<E extends Endpoint> {
  methods: readonly SiteMethod[];
  pattern: string;
  page: E;
  /** The page's parameters, or null: not this route after all (the next one, or the 404). */
  params: (route: RouteRequest) => EndpointParams<E> | null | Promise<EndpointParams<E> | null>;
  /** The reply, from a way to run the page (its errors thrown as `ApiError`, for pages that render them). */
  reply: (run: () => Promise<EndpointResult<E>>, params: EndpointParams<E>) => RestReply | Promise<RestReply>;
}

/**
 * A {@link PageRoute} of a core page: the page runs through `core.serve` (authentication, due
 * jobs, transactions) and its answer is checked against the page's contract, which types it.
 */
export function pageRoute<E extends Endpoint>(core: Core, row: PageRow<E>): PageRoute {
  return {
    methods: row.methods,
    pattern: row.pattern,
    page: row.page.name,
    async answer(route) {
      const params = await row.params(route);
      if (params === null) return null;
      route.info.journalParams = params;
      route.info.endpointName = row.page.name;
      return row.reply(
        async (): Promise<EndpointResult<E>> =>
          z.parse<E['response']>(row.page.response, await core.serve(row.page, route.info, async () => params)),
        params,
      );
    },
  };
}
