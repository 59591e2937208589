import type { AttachmentRecord } from './records/attachments.js';
import type { DbStore } from './db.js';

/** Lookups over the attachments, kept in step with the store (rebuilt at start-up). */
export interface AttachmentIndex {
  /** `path_id` → attachment. */
  byPathId: Map<string, AttachmentRecord>;
  /** Message ID → the attachments it links (by ID). */
  byMessageId: Map<number, Set<number>>;
  /** Attachments linked from no message: ID → upload time (ms), for the clean-up job. */
  unclaimed: Map<number, number>;
  /** Bytes of every upload of the organization (`upload_space_used`). */
  totalSize(): number;
}

/**
 * Builds the attachment index of `store` and keeps it current.
 *
 * @see https://zulip.com/api/upload-file (`upload_space_used`)
 */
export function createAttachmentIndex(store: DbStore): AttachmentIndex {
  const byPathId = new Map<string, AttachmentRecord>();
  const byMessageId = new Map<number, Set<number>>();
  const unclaimed = new Map<number, number>();
  let total = 0;
  const link = (attachmentId: number, messageId: number) => {
    let linked = byMessageId.get(messageId);
    if (!linked) {
      linked = new Set<number>();
      byMessageId.set(messageId, linked);
    }
    linked.add(attachmentId);
  };
  const unlink = (attachmentId: number, messageId: number) => {
    const linked = byMessageId.get(messageId);
    linked?.delete(attachmentId);
    if (linked?.size === 0) byMessageId.delete(messageId);
  };
  store.observe('attachments', {
    put(record, previous) {
      if (previous) {
        byPathId.delete(previous.path_id);
        total -= previous.size;
      }
      byPathId.set(record.path_id, record);
      // Only the links that changed: a file linked from many messages gains one at a time.
      const { removed, added } = changedLinks(previous?.message_ids ?? [], record.message_ids);
      for (const messageId of removed) unlink(record.id, messageId);
      for (const messageId of added) link(record.id, messageId);
      total += record.size;
      if (record.message_ids.length === 0) unclaimed.set(record.id, record.create_time);
      else unclaimed.delete(record.id);
    },
    delete(record) {
      byPathId.delete(record.path_id);
      for (const messageId of record.message_ids) unlink(record.id, messageId);
      unclaimed.delete(record.id);
      total -= record.size;
    },
  });
  return { byPathId, byMessageId, unclaimed, totalSize: () => total };
}

function isAscending(ids: readonly number[]): boolean {
  for (let i = 1; i < ids.length; i += 1) if ((ids[i] as number) <= (ids[i - 1] as number)) return false;
  return true;
}

/** The message IDs of `before` missing from `after`, and those of `after` new to it. */
function changedLinks(before: readonly number[], after: readonly number[]): { removed: number[]; added: number[] } {
  const removed: number[] = [];
  const added: number[] = [];
  if (!isAscending(before) || !isAscending(after)) {
    const had = new Set(before);
    const has = new Set(after);
    for (const id of had) if (!has.has(id)) removed.push(id);
    for (const id of has) if (!had.has(id)) added.push(id);
    return { removed, added };
  }
  // Both ascending (as the server keeps them): one walk.
  let i = 0;
  let j = 0;
  while (i < before.length || j < after.length) {
    const a = before[i];
    const b = after[j];
    if (b === undefined || (a !== undefined && a < b)) {
      removed.push(a as number);
      i += 1;
    } else if (a === undefined || b < a) {
      added.push(b);
      j += 1;
    } else {
      i += 1;
      j += 1;
    }
  }
  return { removed, added };
}
