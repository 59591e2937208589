import type { CompiledLinkifier } from './compile-linkifier.js';
import type { MessageResolver } from './markdown-env.js';

/** One question a rendering asked the organization, and its answer. */
interface Lookup {
  method: keyof MessageResolver;
  args: readonly unknown[];
  answer: unknown;
}

interface Entry<T> {
  value: T;
  lookups: readonly Lookup[];
  size: number;
  /** When it was last used, on the cache's own count of renderings. */
  used: number;
}

// Every method of the resolver (the compiler checks the list is whole).
const METHODS = Object.keys({
  userByName: true,
  userById: true,
  groupByName: true,
  canMentionGroup: true,
  channelByName: true,
  latestTopicMessageId: true,
  realmEmoji: true,
} satisfies Record<keyof MessageResolver, true>) as (keyof MessageResolver)[];

/** Content longer than this is rendered every time: it is rarely sent twice, and would crowd the cache. */
const MAX_CACHED_CONTENT = 2_000;
/** Content rendered once is remembered (not its rendering) among this many at most. */
const MAX_SEEN = 10_000;

/**
 * Renderings of message content, reused when the same content is rendered again and the
 * organization would answer every question the first rendering asked in the same way.
 *
 * A rendering is a function of the content, the organization's URL and linkifiers, and the
 * answers of its {@link MessageResolver} (users, groups and channels by name as the sender sees
 * them, whether the sender may mention a group, a topic's newest message, custom emoji). The
 * cache keeps, with each rendering, the questions it asked and their answers; a later
 * rendering of the same content asks them again (of its own sender, now) and reuses the
 * result only if every answer is the same: the same record (records are replaced, never
 * changed in place, so an identical record is an unchanged one) or the same value. It
 * therefore needs no invalidation beyond the organization's URL and linkifiers, which are part
 * of the key. Bounded by the characters it holds: once over, the least recently used entries go
 * until a quarter of the budget is free (a hit only stamps its entry, so that the map is not
 * reordered on every rendering).
 *
 * A rendering is kept from the second time its content is rendered: most content is sent once,
 * and keeping each of those renderings (with its questions) only to drop it later costs more
 * than the cache saves. Content seen once is remembered among the last {@link MAX_SEEN}.
 */
export class RenderCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  /** Content rendered once and not kept. */
  private readonly seen = new Set<string>();
  private linkifiers: readonly CompiledLinkifier[] | null = null;
  private realmUrl: string | null = null;
  private size = 0;
  private clock = 0;

  /** @param budget characters of content and HTML held at most */
  constructor(private readonly budget = 4_000_000) {}

  /** Number of renderings held. */
  get count(): number {
    return this.entries.size;
  }

  /**
   * The rendering of `content` from the cache when still valid for `resolver`, else made by
   * `render` (with a resolver that records its questions) and kept.
   */
  render(
    content: string,
    key: { linkifiers: readonly CompiledLinkifier[]; realmUrl: string },
    resolver: MessageResolver,
    render: (resolver: MessageResolver) => T & { html: string },
  ): T {
    if (content.length > MAX_CACHED_CONTENT) return render(resolver);
    if (key.linkifiers !== this.linkifiers || key.realmUrl !== this.realmUrl) {
      this.entries.clear();
      this.seen.clear();
      this.size = 0;
      this.linkifiers = key.linkifiers;
      this.realmUrl = key.realmUrl;
    }
    const entry = this.entries.get(content);
    this.clock += 1;
    if (entry) {
      if (answersAgain(entry.lookups, resolver)) {
        entry.used = this.clock;
        return entry.value;
      }
      this.size -= entry.size;
    } else if (!this.seen.has(content)) {
      if (this.seen.size >= MAX_SEEN) this.seen.clear();
      this.seen.add(content);
      return render(resolver);
    } else {
      this.seen.delete(content);
    }
    const lookups: Lookup[] = [];
    const value = render(recording(resolver, lookups));
    const size = content.length + value.html.length;
    this.entries.set(content, { value, lookups, size, used: this.clock });
    this.size += size;
    if (this.size > this.budget) this.evict();
    return value;
  }

  /** Drops the least recently used entries until a quarter of the budget is free. */
  private evict(): void {
    const byUse = [...this.entries].sort(([, a], [, b]) => a.used - b.used);
    for (const [content, entry] of byUse) {
      if (this.size <= (this.budget * 3) / 4) break;
      this.entries.delete(content);
      this.size -= entry.size;
    }
  }
}

/** Whether `resolver` answers each of `lookups` as it was answered then. */
function answersAgain(lookups: readonly Lookup[], resolver: MessageResolver): boolean {
  for (const { method, args, answer } of lookups) {
    if ((resolver[method] as (...args: unknown[]) => unknown)(...args) !== answer) return false;
  }
  return true;
}

/** `resolver`, writing each question and answer to `lookups`. */
function recording(resolver: MessageResolver, lookups: Lookup[]): MessageResolver {
  const recorder: Partial<Record<keyof MessageResolver, (...args: unknown[]) => unknown>> = {};
  for (const method of METHODS) {
    recorder[method] = (...args: unknown[]) => {
      const answer = (resolver[method] as (...args: unknown[]) => unknown)(...args);
      lookups.push({ method, args, answer });
      return answer;
    };
  }
  return recorder as MessageResolver;
}
