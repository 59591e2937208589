import type { UserContext } from './context.js';

/**
 * The real server's long bulk operations (deleting a topic, marking everything read): `batch`
 * runs in a durable transaction of its own, again and again, until it reports that nothing
 * remains (`complete: true`) or the request's time budget is spent (`complete: false`: the
 * client repeats the request). An interrupted request keeps the batches it finished.
 */
export async function inBatches<C extends UserContext<'store'>>(
  ctx: C,
  budgetMs: number,
  batch: (tx: C) => boolean,
): Promise<{ complete: boolean }> {
  const started = ctx.monotonic();
  for (;;) {
    const remaining = await ctx.store.write((db) => batch({ ...ctx, db }));
    if (!remaining) return { complete: true };
    if (ctx.monotonic() - started >= budgetMs) return { complete: false };
  }
}
