import { lowerBound } from '../model/sorted-ids.js';

/** Ascending, pairwise disjoint ID lists whose union is a candidate set. */
export type IdLists = readonly ArrayLike<number>[];

/**
 * IDs below `bound` (exclusive), newest first, merged across `lists`. Starts from a binary
 * search, so reading the first few costs O(k log n), not a scan.
 */
export function* idsDescending(lists: IdLists, bound: number): Generator<number, void, undefined> {
  if (lists.length === 1) {
    const ids = lists[0] as ArrayLike<number>;
    for (let i = lowerBound(ids, bound) - 1; i >= 0; i -= 1) yield ids[i] as number;
    return;
  }
  const positions = lists.map((ids) => lowerBound(ids, bound) - 1);
  for (;;) {
    let best = -1;
    let bestId = -Infinity;
    positions.forEach((position, i) => {
      const id = position >= 0 ? (lists[i] as ArrayLike<number>)[position] : undefined;
      if (id !== undefined && id > bestId) {
        best = i;
        bestId = id;
      }
    });
    if (best < 0) return;
    positions[best] = (positions[best] as number) - 1;
    yield bestId;
  }
}

/** IDs from `bound` (inclusive) upwards, oldest first, merged across `lists`. */
export function* idsAscending(lists: IdLists, bound: number): Generator<number, void, undefined> {
  if (lists.length === 1) {
    const ids = lists[0] as ArrayLike<number>;
    for (let i = lowerBound(ids, bound); i < ids.length; i += 1) yield ids[i] as number;
    return;
  }
  const positions = lists.map((ids) => lowerBound(ids, bound));
  for (;;) {
    let best = -1;
    let bestId = Infinity;
    positions.forEach((position, i) => {
      const id = (lists[i] as ArrayLike<number>)[position];
      if (id !== undefined && id < bestId) {
        best = i;
        bestId = id;
      }
    });
    if (best < 0) return;
    positions[best] = (positions[best] as number) + 1;
    yield bestId;
  }
}

/** The first `limit` IDs of `ids` that `accept` takes. */
function take(ids: Iterable<number>, limit: number, accept: (id: number) => boolean): number[] {
  const taken: number[] = [];
  if (limit <= 0) return taken;
  for (const id of ids) {
    if (!accept(id)) continue;
    taken.push(id);
    if (taken.length >= limit) break;
  }
  return taken;
}

/**
 * The first `limit` IDs of `lists` from `bound` (inclusive) upwards that `accept` takes: what
 * `take(idsAscending(lists, bound), limit, accept)` gives, without a generator for one list.
 */
export function takeAscending(lists: IdLists, bound: number, limit: number, accept: (id: number) => boolean): number[] {
  if (lists.length !== 1) return take(idsAscending(lists, bound), limit, accept);
  const ids = lists[0] as ArrayLike<number>;
  const taken: number[] = [];
  for (let i = lowerBound(ids, bound); i < ids.length && taken.length < limit; i += 1) {
    const id = ids[i] as number;
    if (accept(id)) taken.push(id);
  }
  return taken;
}

/** The first `limit` IDs of `lists` below `bound`, newest first, that `accept` takes (see {@link takeAscending}). */
export function takeDescending(
  lists: IdLists,
  bound: number,
  limit: number,
  accept: (id: number) => boolean,
): number[] {
  if (lists.length !== 1) return take(idsDescending(lists, bound), limit, accept);
  const ids = lists[0] as ArrayLike<number>;
  const taken: number[] = [];
  for (let i = lowerBound(ids, bound) - 1; i >= 0 && taken.length < limit; i -= 1) {
    const id = ids[i] as number;
    if (accept(id)) taken.push(id);
  }
  return taken;
}
