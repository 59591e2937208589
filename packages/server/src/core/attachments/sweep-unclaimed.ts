import type { Services } from '../runtime/services.js';
import { removeAttachment } from './link-attachments.js';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The clean-up of unused uploads (the real server's `delete_old_unclaimed_attachments`):
 * uploads no message links, older than `unclaimedAttachmentWeeks`, are deleted with their
 * files, in a transaction of their own; owners get `attachment` `remove`.
 *
 * The returned function is cheap when nothing is due (a look at the unlinked uploads in
 * memory), so it can run before every request on the server's clock, and from a timer on an
 * idle server. It never throws: a failure is logged and retried at the next call.
 *
 * @see https://zulip.com/api/upload-file (unused uploads go after some weeks), docs/decisions/uploads.md
 */
export function createUnclaimedSweep(services: Services): () => Promise<void> | null {
  let running: Promise<void> | null = null;
  const due = (cutoff: number): number[] => {
    const ids: number[] = [];
    for (const [id, uploaded] of services.indexes.attachments.unclaimed) if (uploaded <= cutoff) ids.push(id);
    return ids;
  };
  const hasDue = (cutoff: number): boolean => {
    for (const uploaded of services.indexes.attachments.unclaimed.values()) if (uploaded <= cutoff) return true;
    return false;
  };
  const sweep = async (cutoff: number): Promise<void> => {
    await services.store.write((db) => {
      const realm = db.get('realm', 1);
      if (!realm) return;
      const ctx = { ...services, db, realm };
      for (const id of due(cutoff)) {
        const attachment = db.get('attachments', id);
        if (attachment && attachment.message_ids.length === 0) removeAttachment(ctx, attachment);
      }
    });
  };
  return () => {
    // Requests that arrive while a sweep runs wait for it: they must not see what it deletes.
    if (running) return running;
    if (services.store.unavailable || services.store.failed) return null;
    const cutoff = services.now() - services.config.unclaimedAttachmentWeeks * WEEK_MS;
    if (!hasDue(cutoff)) return null;
    running = sweep(cutoff)
      .catch((error: unknown) =>
        services.log.error('the clean-up of unused uploads failed', {
          error: error instanceof Error ? error.message : String(error),
        }),
      )
      .finally(() => {
        running = null;
      });
    return running;
  };
}
