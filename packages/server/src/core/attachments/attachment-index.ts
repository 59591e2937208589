import type { AttachmentRecord, DbStore } from '../db.js';

/** Lookups over the attachments, kept in step with the store (rebuilt at start-up). */
export interface AttachmentIndex {
  /** `path_id` → attachment. */
  byPathId: Map<string, AttachmentRecord>;
  /** Attachments linked from no message: ID → upload time (ms), for the clean-up job. */
  unclaimed: Map<number, number>;
  /** Bytes of every upload of the organization (`upload_space_used`). */
  totalSize(): number;
}

/**
 * Builds the attachment index of `store` and keeps it current.
 *
 * @see shared/reference/users-channels-realm.md §8.4 (`upload_space_used`)
 */
export function createAttachmentIndex(store: DbStore): AttachmentIndex {
  const byPathId = new Map<string, AttachmentRecord>();
  const unclaimed = new Map<number, number>();
  let total = 0;
  store.observe('attachments', {
    put(record, previous) {
      if (previous) {
        byPathId.delete(previous.path_id);
        total -= previous.size;
      }
      byPathId.set(record.path_id, record);
      total += record.size;
      if (record.message_ids.length === 0) unclaimed.set(record.id, record.create_time);
      else unclaimed.delete(record.id);
    },
    delete(record) {
      byPathId.delete(record.path_id);
      unclaimed.delete(record.id);
      total -= record.size;
    },
  });
  return { byPathId, unclaimed, totalSize: () => total };
}
