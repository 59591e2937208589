import { describe, expect, it } from 'vitest';
import { Store } from './store.js';
import { expandRuns, idRuns, type RowObserver, UserMessages } from './user-messages.js';

type Db = { messages: { id: number } };

function recorder(): RowObserver & { calls: [number, number[], number[], number[]][] } {
  const calls: [number, number[], number[], number[]][] = [];
  return {
    calls,
    rowsChanged: (userId, ids, before, after) =>
      calls.push([userId, Array.from(ids), Array.from(before), Array.from(after)]),
  };
}

describe('per-user message rows', () => {
  it('encodes ID lists as runs and back', () => {
    expect(idRuns([1, 2, 3, 7, 9, 10])).toEqual([1, 3, 7, 1, 9, 2]);
    expect(Array.from(expandRuns([1, 3, 7, 1, 9, 2]))).toEqual([1, 2, 3, 7, 9, 10]);
    expect(() => expandRuns([5, 2, 4, 1])).toThrow(/invalid ID runs/);
  });

  it('changes many rows of a user in one operation, creating missing ones, and tells observers once', async () => {
    const store = new Store<Db>();
    const observer = recorder();
    store.userMessages.observe(observer);
    await store.write((tx) => {
      for (const id of [2, 4, 6]) tx.setRows(id, [[7, 0]]);
    });
    observer.calls.length = 0;
    await store.write((tx) => tx.changeFlags(7, [1, 2, 4, 5], { set: 1, create: 128 }));
    expect(observer.calls).toEqual([[7, [1, 2, 4, 5], [-1, 0, 0, -1], [129, 1, 1, 129]]]);
    expect(Array.from(store.userMessages.of(7).ids())).toEqual([1, 2, 4, 5, 6]);
    await store.write((tx) => tx.changeFlags(7, [3, 6], { set: 2, create: null }));
    expect([store.userMessages.get(7, 3), store.userMessages.get(7, 6)]).toEqual([undefined, 2]);
  });

  it('undoes row changes of a transaction that fails', async () => {
    const store = new Store<Db>();
    await store.write((tx) =>
      tx.setRows(1, [
        [7, 0],
        [8, 0],
      ]),
    );
    const failing = store.write((tx) => {
      tx.changeFlags(7, [1, 2], { set: 1, create: 128 });
      tx.setRows(1, [
        [8, -1],
        [9, 4],
      ]);
      throw new Error('no');
    });
    await expect(failing).rejects.toThrow('no');
    expect(store.userMessages.usersOf(1)).toEqual([7, 8]);
    expect([store.userMessages.get(7, 1), store.userMessages.get(7, 2)]).toEqual([0, undefined]);
  });

  it('refuses flag changes of unsorted message IDs', async () => {
    const store = new Store<Db>();
    await expect(store.write((tx) => tx.changeFlags(7, [3, 1], { set: 1, create: null }))).rejects.toThrow(/ascending/);
  });

  it('reads the right row in any order while rows come and go (reads in ID order start from the last row found)', async () => {
    const store = new Store<Db>();
    const reference = new Map<number, number>();
    let state = 5;
    const next = () => (state = (state * 1103515245 + 12345) % 2147483648);
    for (let round = 0; round < 40; round += 1) {
      await store.write((tx) => {
        for (let k = 0; k < 20; k += 1) {
          const id = 1 + (next() % 300);
          const bits = next() % 4 === 0 ? -1 : next() % 256;
          tx.setRows(id, [[7, bits]]);
          if (bits < 0) reference.delete(id);
          else reference.set(id, bits);
        }
      });
      const ascending = Array.from({ length: 310 }, (_, i) => i);
      const strides = [7, 31].map((stride) => ascending.filter((id) => id % stride === round % stride));
      for (const order of [ascending, [...ascending].reverse(), ascending.map(() => next() % 310), ...strides]) {
        for (const id of order) expect(store.userMessages.get(7, id)).toBe(reference.get(id));
      }
    }
  });

  it('lists the users with a row for a message in ascending order, users coming in any order', async () => {
    const store = new Store<Db>();
    const users = [9, 3, 12, 1, 7];
    const reference = new Map<number, number[]>();
    for (const [k, userId] of users.entries()) {
      await store.write((tx) => {
        for (let id = 1; id <= 60; id += 1) if (id % (k + 2) === 0) tx.setRows(id, [[userId, 0]]);
      });
      for (let id = 1; id <= 60; id += 1)
        reference.set(
          id,
          users
            .slice(0, k + 1)
            .filter((_, j) => id % (j + 2) === 0)
            .sort((a, b) => a - b),
        );
      for (let id = 0; id <= 61; id += 1) expect(store.userMessages.usersOf(id)).toEqual(reference.get(id) ?? []);
    }
  });

  it('keeps one ID array for users loaded with the same rows, and gives a user its own before its IDs change', () => {
    const table = new UserMessages();
    const ids = (userId: number) => Array.from(table.of(userId).ids());
    // Users 1 and 2 received messages 1–5, user 3 messages 1–4.
    table.load({
      '1': { ids: [1, 5], bits: [0, 5] },
      '2': { ids: [1, 5], bits: [1, 5] },
      '3': { ids: [1, 4], bits: [0, 4] },
    });
    expect(table.of(1).ids().buffer).toBe(table.of(2).ids().buffer);
    expect(table.of(3).ids().buffer).not.toBe(table.of(1).ids().buffer);
    const viewOfTwo = table.of(2).ids();

    // A row removed (moved down in place) and one added (into the room that leaves).
    table.setRows(3, [1, -1]);
    expect(ids(1)).toEqual([1, 2, 4, 5]);
    expect(ids(2)).toEqual([1, 2, 3, 4, 5]);
    expect(Array.from(viewOfTwo)).toEqual([1, 2, 3, 4, 5]);
    table.changeFlags(1, new Int32Array([3]), 0, 0, 0);
    expect(ids(1)).toEqual([1, 2, 3, 4, 5]);
    table.setRows(2, [2, -1]);
    expect(ids(2)).toEqual([1, 3, 4, 5]);
    expect(ids(1)).toEqual([1, 2, 3, 4, 5]);
    // Bits were never shared.
    expect([table.get(1, 1), table.get(2, 1)]).toEqual([0, 1]);
  });
});
