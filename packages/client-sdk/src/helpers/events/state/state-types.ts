/** A register state as `applyEvent` handles it: the body of POST /register, any blocks. */
export type State = Record<string, unknown>;
/** An event from GET /events. */
export type StateEvent = { type: string } & Record<string, unknown>;
/** An object record of the state (a user, a subscription, a group). */
export type Entry = Record<string, unknown>;

/** The list `key` of `state`, if the state has it. */
export function listOf(state: State, key: string): Entry[] | undefined {
  const value = state[key];
  return Array.isArray(value) ? (value as Entry[]) : undefined;
}

/** The object `key` of `state`, if the state has it. */
export function objectOf(state: State, key: string): Entry | undefined {
  const value = state[key];
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Entry) : undefined;
}

/** Ascending numbers. */
export function ascending(ids: Iterable<number>): number[] {
  return [...ids].sort((a, b) => a - b);
}

/** A deep copy of JSON data (events are shared between calls; the state must not alias them). */
export function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
