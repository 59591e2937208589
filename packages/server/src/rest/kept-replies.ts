import { configVersion, type Core } from '../core/index.js';

/** A reply kept: its bytes, who asked for it, and what the request journal records of it. */
export interface KeptReply {
  readonly body: Uint8Array;
  /** The caller (null: anonymous), counted against the rate limits when the reply is given again. */
  readonly userId: number | null;
  /** The endpoint, and the parameters as the journal records them (the same request asks the same). */
  readonly endpoint: string;
  readonly params: unknown;
}

/** Most replies kept, and most bytes in all: past either, the oldest half goes. */
const MAX_REPLIES = 1024;
const MAX_BYTES = 32 * 1024 * 1024;
/** Larger replies are not kept: a few long lists must not pin the memory. */
const MAX_REPLY_BYTES = 1024 * 1024;

const encoder = new TextEncoder();

/**
 * Whole replies of GET requests to the API whose handler answers from the store, the
 * settings, the caller and the request's URL alone (`HandlerOptions.keptAnswer`): the bytes of
 * a success are kept by the request's path and query, `Authorization` and `User-Agent`, and
 * given again while nothing they are made of changed: the store's `version` (every change to
 * its records in memory, undos included), and the settings (changed with `Core.configure`).
 * One change to either drops them all. A reply whose operation read a clock is never kept (its answer may
 * change with time alone), nor one made while the store changed.
 *
 * What only the request itself does still runs for a kept reply: the due jobs (when some are
 * running, the request takes the ordinary path and waits for them), the rate limits, and its
 * entry in the request journal when it records (the mock's always does).
 */
export class KeptReplies {
  private readonly replies = new Map<string, KeptReply>();
  private bytes = 0;
  /** The store's version the replies were made at. */
  private version = -1;
  /** The settings' version the replies were made with (`Core.configure` changes it). */
  private configVersion = -1;

  constructor(private readonly core: Core) {}

  /** The key of a request: its path and query, then the two headers an answer may depend on. */
  static key(path: string, query: string, authorization: string | null, userAgent: string): string {
    return `${path}?${query}\n${authorization ?? ''}\n${userAgent}`;
  }

  /** The reply kept for `key`, if nothing it is made of changed since. */
  get(key: string): KeptReply | undefined {
    if (this.replies.size === 0) return undefined;
    if (!this.current()) {
      this.clear();
      return undefined;
    }
    return this.replies.get(key);
  }

  /**
   * Keeps the reply `body` of `key`, made at store version `version` (read before the request
   * ran): only if the store is still there, so no write went between. Returns the body as bytes
   * (a string body is encoded once, here), or null when it is not kept.
   */
  keep(key: string, body: string | Uint8Array, version: number, asked: Omit<KeptReply, 'body'>): Uint8Array | null {
    const store = this.core.services.store;
    if (store.version !== version) return null;
    if (!this.current()) this.clear();
    if (this.replies.size === 0) this.remember(version);
    const bytes = typeof body === 'string' ? encoder.encode(body) : body;
    if (bytes.length > MAX_REPLY_BYTES) return null;
    if (this.replies.size >= MAX_REPLIES || this.bytes + bytes.length > MAX_BYTES) this.dropOlderHalf();
    const previous = this.replies.get(key);
    if (previous) this.bytes -= previous.body.length;
    this.replies.set(key, { ...asked, body: bytes });
    this.bytes += bytes.length;
    return bytes;
  }

  /** Whether the store and the settings are as the kept replies were made. */
  private current(): boolean {
    const { store, config } = this.core.services;
    return store.version === this.version && configVersion(config) === this.configVersion;
  }

  private remember(version: number): void {
    this.version = version;
    this.configVersion = configVersion(this.core.services.config);
  }

  private clear(): void {
    this.replies.clear();
    this.bytes = 0;
  }

  private dropOlderHalf(): void {
    let drop = Math.ceil(this.replies.size / 2);
    for (const [key, reply] of this.replies) {
      if (drop-- <= 0) break;
      this.replies.delete(key);
      this.bytes -= reply.body.length;
    }
  }
}
