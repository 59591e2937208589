/** Index of the first element >= `id` in ascending `ids`. */
export function lowerBound(ids: readonly number[], id: number): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((ids[mid] as number) < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Inserts `id` into ascending `ids` (appending in the common case of a new, highest ID). */
export function insertSorted(ids: number[], id: number): void {
  const last = ids[ids.length - 1];
  if (last === undefined || last < id) {
    ids.push(id);
    return;
  }
  const at = lowerBound(ids, id);
  if (ids[at] !== id) ids.splice(at, 0, id);
}

/** Removes `id` from ascending `ids`. */
export function removeSorted(ids: number[], id: number): void {
  const at = lowerBound(ids, id);
  if (ids[at] === id) ids.splice(at, 1);
}
