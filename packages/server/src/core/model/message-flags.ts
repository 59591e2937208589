/**
 * The per-user rows of messages (the real server's UserMessage) and their flags: the one way
 * domain code reads and changes them. A user has a row for a message they received (or
 * touched later: `historical`); its bits are {@link FLAG_BITS}. The rows live in the store's
 * compact per-user table, not in the message records; changes are journaled in bulk.
 */
import type { DbStore } from './db.js';
import type { ModelContext } from './model-context.js';
import { FLAG_BITS } from './records/messages.js';

type Reads = Pick<ModelContext, 'db'>;
type Indexed = Pick<ModelContext, 'indexes'>;

/**
 * The bits of `userId`'s row for `messageId`, or undefined when they have no row. Reads
 * through a request's `db`, or straight from the store (event filters, outside a request).
 */
export function messageFlags(ctx: Reads | { store: DbStore }, messageId: number, userId: number): number | undefined {
  return ('db' in ctx ? ctx.db.rows : ctx.store.userMessages).get(userId, messageId);
}

/** Whether `userId` has a row for `messageId` (received it, or touched it since). */
export function hasMessageRow(ctx: Reads, messageId: number, userId: number): boolean {
  return ctx.db.rows.get(userId, messageId) !== undefined;
}

/** The users with a row for `messageId`, ascending: who received it (or touched it since). */
export function messageUserIds(ctx: Reads, messageId: number): number[] {
  return ctx.db.rows.usersOf(messageId);
}

/** The rows of `messageId`: user ID → bits. */
export function messageRows(ctx: Reads, messageId: number): Map<number, number> {
  const rows = new Map<number, number>();
  for (const userId of ctx.db.rows.usersOf(messageId)) rows.set(userId, ctx.db.rows.get(userId, messageId) as number);
  return rows;
}

/**
 * Creates or replaces rows of `messageId` (user ID → bits; bits -1 removes the row), as one
 * journal operation.
 */
export function setMessageRows(ctx: Reads, messageId: number, rows: Iterable<readonly [number, number]>): void {
  ctx.db.setRows(messageId, rows);
}

/** Removes every row of `messageId` (the message is being deleted). */
export function removeMessageRows(ctx: Reads, messageId: number): void {
  ctx.db.setRows(
    messageId,
    ctx.db.rows.usersOf(messageId).map((userId) => [userId, -1] as const),
  );
}

/** A change of flag bits on many rows of one user. */
export interface FlagChangeBits {
  /** Bits to set. */
  set?: number;
  /** Bits to clear. */
  clear?: number;
  /**
   * The bits a missing row starts from (then `set`/`clear` apply), or null to leave messages
   * without a row alone.
   */
  create: number | null;
}

/**
 * Sets and clears bits on `userId`'s rows of `messageIds` (ascending, no duplicates), as one
 * journal operation however many messages.
 */
export function changeUserFlags(
  ctx: Reads,
  userId: number,
  messageIds: readonly number[],
  change: FlagChangeBits,
): void {
  ctx.db.changeFlags(userId, messageIds, change);
}

/** The bits a message reads as for a user without a row: `read` and `historical`. */
export const NO_ROW_BITS = FLAG_BITS.read | FLAG_BITS.historical;

/** The IDs of the messages `userId` has a row for (received), ascending. */
export function receivedIds(ctx: Reads, userId: number): Int32Array {
  return ctx.db.rows.of(userId).ids();
}

/** The IDs of the messages `userId` has unread, ascending. */
export function unreadIds(ctx: Indexed, userId: number): Int32Array {
  return ctx.indexes.messages.unread(userId);
}

/** The IDs of the messages `userId` starred, ascending. */
export function starredIds(ctx: Indexed, userId: number): Int32Array {
  return ctx.indexes.messages.starred(userId);
}
