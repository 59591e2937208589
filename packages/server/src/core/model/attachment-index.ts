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
  const unlink = (record: AttachmentRecord) => {
    for (const messageId of record.message_ids) {
      const linked = byMessageId.get(messageId);
      linked?.delete(record.id);
      if (linked?.size === 0) byMessageId.delete(messageId);
    }
  };
  store.observe('attachments', {
    put(record, previous) {
      if (previous) {
        byPathId.delete(previous.path_id);
        unlink(previous);
        total -= previous.size;
      }
      byPathId.set(record.path_id, record);
      for (const messageId of record.message_ids) {
        const linked = byMessageId.get(messageId) ?? new Set<number>();
        linked.add(record.id);
        byMessageId.set(messageId, linked);
      }
      total += record.size;
      if (record.message_ids.length === 0) unclaimed.set(record.id, record.create_time);
      else unclaimed.delete(record.id);
    },
    delete(record) {
      byPathId.delete(record.path_id);
      unlink(record);
      unclaimed.delete(record.id);
      total -= record.size;
    },
  });
  return { byPathId, byMessageId, unclaimed, totalSize: () => total };
}
