import { rateLimited } from './rate-limiter.js';

/** The bounds {@link UploadSlots} reads (per call: the mock's settings change while it runs). */
interface UploadBounds {
  readonly maxConcurrentUploads: number;
  readonly maxConcurrentUploadsPerUser: number;
}

/**
 * Uploads being received: at most `maxConcurrentUploads` at once on the server and
 * `maxConcurrentUploadsPerUser` per user, so that memory held by upload bodies stays bounded.
 * One more is refused at once with `RATE_LIMIT_HIT` (retry after a second), before its body is read.
 */
export class UploadSlots {
  private total = 0;
  private readonly byUser = new Map<number, number>();

  constructor(private readonly config: UploadBounds) {}

  /** Takes a slot for `userId`; returns the function that gives it back. */
  acquire(userId: number): () => void {
    const own = this.byUser.get(userId) ?? 0;
    if (own >= this.config.maxConcurrentUploadsPerUser) {
      throw rateLimited(
        1,
        `Too many uploads in progress for this user (limit: ${this.config.maxConcurrentUploadsPerUser})`,
      );
    }
    if (this.total >= this.config.maxConcurrentUploads) {
      throw rateLimited(1, `Too many uploads in progress on this server (limit: ${this.config.maxConcurrentUploads})`);
    }
    this.total += 1;
    this.byUser.set(userId, own + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= 1;
      const left = (this.byUser.get(userId) ?? 1) - 1;
      if (left > 0) this.byUser.set(userId, left);
      else this.byUser.delete(userId);
    };
  }
}
