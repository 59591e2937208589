import { describe, expect, it } from 'vitest';
import { RecordMap } from './record-map.js';

const record = (id: number | string, name = `r${id}`) => ({ id, name });
const ids = (map: RecordMap) => map.toArray().map((r) => r.id);

describe('RecordMap', () => {
  it('keeps ascending integer keys with gaps, replaces in place, and finds nothing at 0, negative or fractional keys', () => {
    const map = new RecordMap();
    for (const id of [1, 2, 5, 9]) map.set(id, record(id));
    map.set(5, record(5, 'again'));
    expect(map.size).toBe(4);
    expect(ids(map)).toEqual([1, 2, 5, 9]);
    expect(map.get(5)).toEqual({ id: 5, name: 'again' });
    for (const key of [0, -1, 1.5, 3, 10, '1']) expect(map.get(key)).toBeUndefined();
  });

  it('keeps insertion order when a key breaks the ascending order (a deleted key set again, a key below the top, a string key)', () => {
    const map = new RecordMap();
    for (const id of [1, 2, 3]) map.set(id, record(id));
    expect(map.delete(3)).toBe(true);
    expect(map.delete(3)).toBe(false);
    map.set(3, record(3));
    map.set('realm', record('realm'));
    expect(ids(map)).toEqual([1, 2, 3, 'realm']);
    const below = new RecordMap();
    for (const id of [2, 4]) below.set(id, record(id));
    below.set(3, record(3));
    expect(ids(below)).toEqual([2, 4, 3]);
    expect(below.get(3)).toEqual(record(3));
  });

  it('reserves room for the keys of a snapshot once, and still takes keys past it', () => {
    const map = new RecordMap();
    map.reserve(6);
    for (const id of [2, 3, 6, 8]) map.set(id, record(id));
    expect(map.size).toBe(4);
    expect(ids(map)).toEqual([2, 3, 6, 8]);
    const seen: (number | string)[] = [];
    map.forEach((r) => seen.push(r.id));
    expect(seen).toEqual([2, 3, 6, 8]);
    map.set(4, record(4)); // below the top: a Map from now on, in insertion order
    expect(ids(map)).toEqual([2, 3, 6, 8, 4]);
  });

  it('adopts a list of IDs 1, 2, 3, … without copying it, and refuses any other', () => {
    const list = [record(1), record(2), record(3)];
    const map = new RecordMap();
    expect(map.adopt(list)).toBe(true);
    expect(map.size).toBe(3);
    expect(map.get(2)).toBe(list[1]);
    map.set(4, record(4));
    map.delete(1);
    expect(ids(map)).toEqual([2, 3, 4]);
    expect(map.adopt([record(1)])).toBe(false); // holds records already
    for (const other of [[record(2)], [record(1), record(3)], [record('a')], []]) {
      const fresh = new RecordMap();
      expect(fresh.adopt(other)).toBe(false);
      expect(fresh.size).toBe(0);
    }
  });
});
