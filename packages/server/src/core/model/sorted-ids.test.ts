import { describe, expect, it } from 'vitest';
import { SortedIds } from './sorted-ids.js';

/** A small deterministic generator (no dependence on Math.random). */
function numbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state;
  };
}

describe('SortedIds', () => {
  it('addMany and removeMany keep the list equal to the set of IDs, ascending, whatever the gaps', () => {
    const next = numbers(7);
    const list = new SortedIds();
    const reference = new Set<number>();
    for (let round = 0; round < 300; round += 1) {
      const batch = [...new Set(Array.from({ length: next() % 40 }, () => next() % 2000))].sort((a, b) => a - b);
      if (round % 3 === 2) {
        list.removeMany(batch);
        for (const id of batch) reference.delete(id);
      } else {
        list.addMany(batch);
        for (const id of batch) reference.add(id);
      }
      expect([...list.view()]).toEqual([...reference].sort((a, b) => a - b));
    }
  });

  it('adds a run of IDs into the middle of a long list, and IDs already there once', () => {
    const list = new SortedIds();
    list.addMany(Int32Array.from({ length: 1000 }, (_, i) => i * 10));
    list.addMany([15, 20, 25, 35, 9995, 10_000]);
    const view = [...list.view()];
    expect(view.slice(0, 7)).toEqual([0, 10, 15, 20, 25, 30, 35]);
    expect(view.slice(-3)).toEqual([9990, 9995, 10_000]);
    expect(list.size).toBe(1005);
  });

  it('addMany of long runs, some IDs present, some in gaps far apart, keeps the set ascending', () => {
    const next = numbers(11);
    const list = new SortedIds();
    const reference = new Set<number>();
    for (let round = 0; round < 60; round += 1) {
      let id = next() % 5000;
      const batch = Array.from({ length: next() % 1500 }, () => (id += 1 + (next() % 3)));
      list.addMany(batch);
      for (const id of batch) reference.add(id);
      if (round % 4 === 3) {
        const gone = [...reference].filter(() => next() % 3 === 0).sort((a, b) => a - b);
        list.removeMany(gone);
        for (const id of gone) reference.delete(id);
      }
      expect([...list.view()]).toEqual([...reference].sort((a, b) => a - b));
    }
  });

  it('delete and add, one ID at a time, keep the list equal to the set, whichever side of the list moves', () => {
    const next = numbers(11);
    const list = new SortedIds();
    const reference = new Set<number>();
    for (let round = 0; round < 3000; round += 1) {
      const id = next() % 500;
      // Deletes of the oldest ID too (a topic moved away, oldest first), then adds after them.
      const oldest = [...reference].sort((a, b) => a - b)[0];
      if (round % 4 === 1 && oldest !== undefined) {
        list.delete(oldest);
        reference.delete(oldest);
      } else if (round % 4 === 2) {
        list.delete(id);
        reference.delete(id);
      } else {
        list.add(id);
        reference.add(id);
      }
      expect(list.size).toBe(reference.size);
      if (round % 50 === 0) expect([...list.view()]).toEqual([...reference].sort((a, b) => a - b));
    }
    expect([...list.view()]).toEqual([...reference].sort((a, b) => a - b));
    expect(list.last).toBe(Math.max(...reference));
  });

  it('gives back the room kept for more IDs, and grows again after', () => {
    const list = new SortedIds();
    for (let id = 1; id <= 700; id += 1) list.push(id);
    const capacity = (): number => (list as unknown as { data: Int32Array }).data.length;
    expect(capacity()).toBeGreaterThan(700 + capacity() / 8);
    list.trim();
    expect(capacity()).toBe(700);
    expect([...list.view()]).toEqual(Array.from({ length: 700 }, (_, i) => i + 1));
    list.push(701);
    list.add(0);
    expect(list.size).toBe(702);
    expect(list.view()[0]).toBe(0);
    expect(list.last).toBe(701);
  });
});
