/** Appends `value` to the list of `key` in `map`, creating the list on first use (no copying). */
export function appendTo<TKey, TValue>(map: Map<TKey, TValue[]>, key: TKey, value: TValue): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
