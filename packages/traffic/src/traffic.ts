import type { EndpointName } from '@teamchat/schema';
import { SeededRandom } from './random.js';
import { messageContent, reactionEmoji, topicName, type ContentContext } from './vocabulary.js';

/** An account traffic is made by: who it is, and what a transport needs to act as it. */
export interface TrafficAccount {
  email: string;
  userId: number;
  fullName: string;
  role: 'owner' | 'administrator' | 'moderator' | 'member' | 'guest' | 'bot';
  apiKey?: string;
}

/** How traffic reaches a server: the API (over HTTP, or the core in-process) and the clock. */
export interface TrafficPort {
  /** Calls endpoint `name` as `account` (null: anonymously); resolves with the success fields or throws the API's error. */
  call(
    account: TrafficAccount | null,
    name: EndpointName,
    params: Record<string, unknown>,
  ): Promise<Record<string, unknown>>;
  /** The server's time, in ms. */
  now(): number;
  /** Brings the time to `time`: a fake clock is set, a real one waited for. */
  at(time: number): Promise<void>;
}

/**
 * Rates of each kind of activity, per minute of (simulated) time. Omitted kinds do not happen.
 * Replies and typing are not rates: a mentioned person replies with probability `replies`,
 * and senders type before a share `typing` of their messages.
 */
export interface TrafficRates {
  channelMessages?: number;
  directMessages?: number;
  reactions?: number;
  edits?: number;
  topicMoves?: number;
  deletes?: number;
  presence?: number;
  usersJoining?: number;
  usersLeaving?: number;
  channelsCreated?: number;
  channelsArchived?: number;
  /** Probability that a mentioned account answers in the same conversation (default 0.6). */
  replies?: number;
  /** Share of messages whose sender types first (default 0.8). */
  typing?: number;
}

/** Rates of a busy organization, per minute: what `--simulate busy` means. */
export const BUSY_TRAFFIC: Readonly<TrafficRates> = {
  channelMessages: 20,
  directMessages: 5,
  reactions: 8,
  edits: 1,
  topicMoves: 0.2,
  deletes: 0.3,
  presence: 6,
  usersJoining: 0.1,
  usersLeaving: 0.05,
  channelsCreated: 0.05,
  channelsArchived: 0.02,
};

/**
 * Rates from a command line: `busy` ({@link BUSY_TRAFFIC}), a number of events per minute
 * (the busy mix scaled to it), or `kind=N,…` (`channelMessages=30,presence=5`).
 *
 * @throws {RangeError} naming what is wrong.
 */
export function parseTrafficRates(text: string): TrafficRates {
  if (text === 'busy') return { ...BUSY_TRAFFIC };
  if (/^\d+(\.\d+)?$/.test(text)) {
    const total = KINDS.reduce((sum, kind) => sum + (BUSY_TRAFFIC[kind] ?? 0), 0);
    const scale = Number(text) / total;
    return Object.fromEntries(KINDS.map((kind) => [kind, (BUSY_TRAFFIC[kind] ?? 0) * scale]));
  }
  const rates: TrafficRates = {};
  for (const part of text.split(',')) {
    const [kind = '', value = ''] = part.split('=');
    if (!(KINDS as readonly string[]).includes(kind) && kind !== 'replies' && kind !== 'typing') {
      throw new RangeError(`unknown kind of traffic '${kind}' (one of ${[...KINDS, 'replies', 'typing'].join(', ')})`);
    }
    if (!/^\d+(\.\d+)?$/.test(value)) throw new RangeError(`the rate of ${kind} must be a number, got '${value}'`);
    rates[kind as keyof TrafficRates] = Number(value);
  }
  return rates;
}

/** What happened while traffic ran: calls by endpoint, and calls the server refused. */
export interface TrafficStats {
  calls: Record<string, number>;
  refused: number;
}

/** One step of a scripted sequence: at `at` ms after the script starts, `as` calls `call` with `params`. */
export interface TrafficStep {
  at: number;
  /** Email of the account, or null for an anonymous call. */
  as: string | null;
  call: EndpointName;
  params: Record<string, unknown>;
}

/** A scripted sequence (JSON: `{ "steps": [...] }`). */
export interface TrafficScript {
  steps: TrafficStep[];
}

type Kind = Exclude<keyof TrafficRates, 'replies' | 'typing'> | 'reply';

interface Conversation {
  channel: string | null;
  topic: string;
  /** Direct-message recipients (user IDs), for direct conversations. */
  to: number[];
}

interface Sent extends Conversation {
  id: number;
  sender: TrafficAccount;
}

const MINUTE = 60_000;
const KINDS: readonly Exclude<Kind, 'reply'>[] = [
  'channelMessages',
  'directMessages',
  'reactions',
  'edits',
  'topicMoves',
  'deletes',
  'presence',
  'usersJoining',
  'usersLeaving',
  'channelsCreated',
  'channelsArchived',
];

/**
 * Live traffic over a port: each kind of activity a Poisson process at its rate, drawn from
 * one seeded sequence, so the same seed, rates and organization give the same calls in the
 * same order at the same times. People send to channels they are subscribed to over a long
 * tail of topics, and to each other; type first; answer when mentioned; react, edit their own
 * messages; administrators move topics, delete messages, add and remove people and channels;
 * presence goes active, idle and offline.
 *
 * @example
 * const traffic = new Traffic({ port, accounts, rates: BUSY_TRAFFIC, seed: 7 });
 * await traffic.advance(10 * 60_000); // ten minutes of a busy organization
 */
export class Traffic {
  private readonly random: SeededRandom;
  private readonly port: TrafficPort;
  private readonly accounts: TrafficAccount[];
  private readonly rates: TrafficRates;
  private readonly due = new Map<Kind, number>();
  private readonly replies: { at: number; account: TrafficAccount; to: Conversation }[] = [];
  private readonly subscriptions = new Map<number, Set<string>>();
  private readonly recent: Sent[] = [];
  private readonly created: { joined: TrafficAccount[]; channels: string[] } = { joined: [], channels: [] };
  private content: ContentContext | null = null;
  private counter = 0;
  readonly stats: TrafficStats = { calls: {}, refused: 0 };

  constructor(options: { port: TrafficPort; accounts: readonly TrafficAccount[]; rates: TrafficRates; seed?: number }) {
    this.port = options.port;
    this.accounts = options.accounts.filter((account) => account.role !== 'bot');
    this.rates = options.rates;
    this.random = new SeededRandom(options.seed ?? 1);
    if (!this.accounts.some((a) => a.role === 'owner' || a.role === 'administrator'))
      throw new TypeError('[teamchat] traffic needs an owner or administrator account');
  }

  private get admin(): TrafficAccount {
    return (
      this.accounts.find((a) => a.role === 'owner') ??
      (this.accounts.find((a) => a.role === 'administrator') as TrafficAccount)
    );
  }

  /** What the organization has: channels each account is subscribed to, people, groups. */
  private async learn(): Promise<ContentContext> {
    const people = (
      (await this.port.call(this.admin, 'users.list', {}))['members'] as {
        full_name: string;
        is_bot: boolean;
        is_active: boolean;
      }[]
    )
      .filter((user) => !user.is_bot && user.is_active)
      .map((user) => user.full_name);
    for (const account of this.accounts) await this.learnSubscriptions(account);
    const groups = (
      (await this.port.call(this.admin, 'userGroups.list', {}))['user_groups'] as {
        name: string;
        is_system_group: boolean;
      }[]
    )
      .filter((group) => !group.is_system_group)
      .map((group) => group.name);
    const channels = [...new Set([...this.subscriptions.values()].flatMap((names) => [...names]))].sort();
    return {
      people,
      groups,
      channels,
      topics: Array.from({ length: 8 }, (_, i) => topicName(i)),
      customEmoji: [],
      uploads: [],
    };
  }

  private async learnSubscriptions(account: TrafficAccount): Promise<void> {
    const { subscriptions } = (await this.port.call(account, 'channels.listSubscriptions', {})) as {
      subscriptions: { name: string; is_archived?: boolean }[];
    };
    this.subscriptions.set(account.userId, new Set(subscriptions.filter((s) => !s.is_archived).map((s) => s.name)));
  }

  private schedule(kind: Exclude<Kind, 'reply'>, from: number): void {
    const rate = this.rates[kind] ?? 0;
    if (rate > 0) this.due.set(kind, from + this.random.exponential(rate / MINUTE));
    else this.due.delete(kind);
  }

  /** Runs the activity of the next `ms` milliseconds, then brings the clock to their end. */
  async advance(ms: number): Promise<TrafficStats> {
    const end = this.port.now() + ms;
    if (!this.content) {
      this.content = await this.learn();
      for (const kind of KINDS) this.schedule(kind, this.port.now());
    }
    for (;;) {
      const next = this.next();
      if (!next || next.at > end) break;
      await this.port.at(Math.max(this.port.now(), Math.round(next.at)));
      if (next.kind === 'reply') {
        const reply = this.replies.shift();
        if (reply) await this.send(reply.account, reply.to);
      } else {
        this.schedule(next.kind, next.at);
        await this.act(next.kind);
      }
    }
    await this.port.at(Math.max(this.port.now(), end));
    return this.stats;
  }

  private next(): { kind: Kind; at: number } | null {
    let best: { kind: Kind; at: number } | null = null;
    for (const [kind, at] of this.due) if (!best || at < best.at) best = { kind, at };
    const reply = this.replies[0];
    if (reply && (!best || reply.at < best.at)) best = { kind: 'reply', at: reply.at };
    return best;
  }

  /** One call, counted; an error the API answers is counted as refused, anything else thrown. */
  private async call(
    account: TrafficAccount | null,
    name: EndpointName,
    params: Record<string, unknown>,
  ): Promise<Record<string, unknown> | null> {
    this.stats.calls[name] = (this.stats.calls[name] ?? 0) + 1;
    try {
      return await this.port.call(account, name, params);
    } catch (error) {
      if (
        error instanceof Error &&
        typeof (error as { code?: unknown }).code === 'string' &&
        typeof (error as { status?: unknown }).status === 'number'
      ) {
        this.stats.refused += 1;
        return null;
      }
      throw error;
    }
  }

  private person(skew = 1.5): TrafficAccount {
    return this.accounts[this.random.skewed(this.accounts.length, skew)] as TrafficAccount;
  }

  private async act(kind: Exclude<Kind, 'reply'>): Promise<void> {
    const content = this.content as ContentContext;
    switch (kind) {
      case 'channelMessages': {
        const sender = this.person();
        const channels = [...(this.subscriptions.get(sender.userId) ?? [])].sort();
        if (channels.length === 0) return;
        const channel = channels[this.random.skewed(channels.length, 1.7)] as string;
        return this.send(sender, { channel, topic: topicName(this.random.skewed(24, 2.2)), to: [] });
      }
      case 'directMessages': {
        const sender = this.person();
        const others = this.accounts.filter((a) => a.userId !== sender.userId);
        if (others.length === 0) return;
        return this.send(sender, { channel: null, topic: '', to: [this.random.pick(others).userId] });
      }
      case 'reactions': {
        const message = this.recentMessage();
        if (message)
          await this.call(this.person(1), 'messages.addReaction', {
            message_id: message.id,
            emoji_name: reactionEmoji(this.random),
          });
        return;
      }
      case 'edits': {
        const message = this.recentMessage();
        if (message)
          await this.call(message.sender, 'messages.update', {
            message_id: message.id,
            content: `${messageContent(this.random, content)} (edited)`,
          });
        return;
      }
      case 'topicMoves': {
        const message = this.recent.filter((m) => m.channel !== null).at(-1 - this.random.int(5));
        if (!message) return;
        const topic = this.random.chance(0.5) ? `✔ ${message.topic}` : `${message.topic} (moved)`;
        const moved = await this.call(this.admin, 'messages.update', {
          message_id: message.id,
          topic,
          propagate_mode: 'change_all',
        });
        if (moved)
          for (const m of this.recent) if (m.channel === message.channel && m.topic === message.topic) m.topic = topic;
        return;
      }
      case 'deletes': {
        const message = this.recentMessage();
        if (!message) return;
        if (await this.call(this.admin, 'messages.delete', { message_id: message.id }))
          this.recent.splice(this.recent.indexOf(message), 1);
        return;
      }
      case 'presence': {
        await this.call(this.person(1), 'presence.update', {
          status: this.random.chance(0.7) ? 'active' : 'idle',
          new_user_input: true,
        });
        return;
      }
      case 'usersJoining':
        return this.join();
      case 'usersLeaving': {
        const leaving = this.created.joined.shift();
        if (!leaving) return;
        await this.call(this.admin, 'users.deactivate', { user_id: leaving.userId });
        this.accounts.splice(this.accounts.indexOf(leaving), 1);
        this.subscriptions.delete(leaving.userId);
        return;
      }
      case 'channelsCreated': {
        const name = `project-${this.random.int(10_000)}`;
        const subscribers = this.accounts.filter((a) => a === this.admin || this.random.chance(0.5));
        if (
          await this.call(this.admin, 'channels.create', {
            name,
            description: 'Made by the traffic simulation.',
            subscribers: subscribers.map((a) => a.userId),
          })
        ) {
          this.created.channels.push(name);
          for (const account of subscribers) this.subscriptions.get(account.userId)?.add(name);
        }
        return;
      }
      case 'channelsArchived': {
        const name = this.created.channels.shift();
        if (!name) return;
        const found = await this.call(this.admin, 'channels.getId', { stream: name });
        if (found && (await this.call(this.admin, 'channels.archive', { stream_id: found['stream_id'] }))) {
          for (const names of this.subscriptions.values()) names.delete(name);
          for (let i = this.recent.length - 1; i >= 0; i -= 1)
            if (this.recent[i]?.channel === name) this.recent.splice(i, 1);
        }
        return;
      }
    }
  }

  private recentMessage(): Sent | undefined {
    return this.recent.length === 0
      ? undefined
      : this.recent[this.recent.length - 1 - this.random.skewed(this.recent.length, 2)];
  }

  /** Someone new signs up (created by an owner) and gets their API key with their password. */
  private async join(): Promise<void> {
    this.counter += 1;
    const local = `newcomer${this.counter}-${this.random.int(100_000)}`;
    const domain = this.admin.email.split('@')[1] ?? 'teamchat.example';
    const email = `${local}@${domain}`;
    const password = `${local}-Tr0ub4dor&3-horse`;
    const fullName = `Newcomer ${this.counter}`;
    const created = await this.call(this.admin, 'users.create', { email, password, full_name: fullName });
    if (!created) return;
    const key = await this.call(null, 'server.fetchApiKey', { username: email, password });
    const account: TrafficAccount = {
      email,
      userId: created['user_id'] as number,
      fullName,
      role: 'member',
      ...(key ? { apiKey: key['api_key'] as string } : {}),
    };
    this.accounts.push(account);
    this.created.joined.push(account);
    await this.learnSubscriptions(account);
  }

  /** Typing, then the message; a mentioned account may answer later. */
  private async send(sender: TrafficAccount, to: Conversation): Promise<void> {
    const content = this.content as ContentContext;
    const recipients = to.channel === null ? to.to.filter((id) => this.accounts.some((a) => a.userId === id)) : [];
    if (to.channel === null && recipients.length === 0) return;
    if (to.channel !== null && !this.subscriptions.get(sender.userId)?.has(to.channel)) return;
    const typing = this.random.chance(this.rates.typing ?? 0.8);
    const target =
      to.channel === null ? { type: 'direct', to: recipients } : { type: 'stream', to: to.channel, topic: to.topic };
    if (typing) {
      const typingTo =
        to.channel === null
          ? { type: 'direct', to: recipients }
          : { type: 'stream', stream_id: await this.channelId(sender, to.channel), topic: to.topic };
      await this.call(sender, 'typing.setStatus', { op: 'start', ...typingTo });
    }
    // A third of messages mention someone who may answer.
    const mentioned = this.random.chance(0.33)
      ? this.random.pick(this.accounts.filter((a) => a.userId !== sender.userId))
      : undefined;
    const text = `${mentioned ? `@**${mentioned.fullName}** ` : ''}${messageContent(this.random, content)}`;
    const sent = await this.call(sender, 'messages.send', { ...target, content: text });
    if (typing) {
      const typingTo =
        to.channel === null
          ? { type: 'direct', to: recipients }
          : { type: 'stream', stream_id: await this.channelId(sender, to.channel), topic: to.topic };
      await this.call(sender, 'typing.setStatus', { op: 'stop', ...typingTo });
    }
    if (!sent) return;
    this.recent.push({ id: sent['id'] as number, sender, ...to, to: recipients });
    if (this.recent.length > 50) this.recent.shift();
    if (mentioned && this.random.chance(this.rates.replies ?? 0.6)) {
      const answer: Conversation = to.channel === null ? { channel: null, topic: '', to: [sender.userId] } : to;
      const at = this.port.now() + 5_000 + this.random.int(55_000);
      this.replies.push({ at, account: mentioned, to: answer });
      this.replies.sort((a, b) => a.at - b.at);
    }
  }

  private readonly channelIds = new Map<string, number>();

  private async channelId(account: TrafficAccount, name: string): Promise<number> {
    let id = this.channelIds.get(name);
    if (id === undefined) {
      id = ((await this.call(account, 'channels.getId', { stream: name }))?.['stream_id'] as number | undefined) ?? 0;
      this.channelIds.set(name, id);
    }
    return id;
  }
}

/** How lane `lane` of {@link TrafficLanes} is seeded: lane 0 as the engine would be, the others apart. */
function laneSeed(seed: number, lane: number): number {
  return lane === 0 ? seed : (seed + lane * 0x9e37_79b9) >>> 0;
}

/**
 * Live traffic as several engines at once on a real clock (`teamchat-server --simulate`): each
 * lane a {@link Traffic} of its own seed at `1/lanes` of the rates, all running together, so up
 * to `lanes` people act at the same moment and their writes share the server's journal fsyncs
 * (group commit) instead of each waiting for the one before. Each lane is the same sequence for
 * the same seed; how the lanes interleave depends on how fast the server answers, so use one
 * {@link Traffic} where the whole sequence must repeat (a fake clock, a test). One lane is
 * exactly `new Traffic(options)`.
 *
 * @example
 * const traffic = new TrafficLanes({ port, accounts, rates: BUSY_TRAFFIC, seed: 7, lanes: 8 });
 * for (;;) await traffic.advance(1000);
 */
export class TrafficLanes {
  private readonly lanes: Traffic[];

  constructor(options: {
    port: TrafficPort;
    accounts: readonly TrafficAccount[];
    rates: TrafficRates;
    seed?: number;
    lanes: number;
  }) {
    if (!Number.isInteger(options.lanes) || options.lanes < 1)
      throw new RangeError(`[teamchat] lanes must be a positive integer (got ${String(options.lanes)})`);
    const { lanes, seed = 1, ...rest } = options;
    const rates = Object.fromEntries(
      Object.entries(options.rates).map(([kind, rate]) => [
        kind,
        kind === 'replies' || kind === 'typing' ? rate : (rate as number) / lanes,
      ]),
    ) as TrafficRates;
    this.lanes = Array.from(
      { length: lanes },
      (_, lane) => new Traffic({ ...rest, rates, seed: laneSeed(seed, lane) }),
    );
  }

  /** The calls of every lane, and the refused ones. */
  get stats(): TrafficStats {
    const total: TrafficStats = { calls: {}, refused: 0 };
    for (const lane of this.lanes) {
      for (const [name, count] of Object.entries(lane.stats.calls))
        total.calls[name] = (total.calls[name] ?? 0) + count;
      total.refused += lane.stats.refused;
    }
    return total;
  }

  /** Runs the next `ms` milliseconds of every lane at once. */
  async advance(ms: number): Promise<TrafficStats> {
    await Promise.all(this.lanes.map((lane) => lane.advance(ms)));
    return this.stats;
  }
}

/**
 * Runs a scripted sequence: each step at its time (ms after the start, on the port's clock),
 * as its account. Resolves with what each step answered (or the error's code).
 */
export async function runTrafficScript(options: {
  port: TrafficPort;
  accounts: readonly TrafficAccount[];
  script: TrafficScript;
}): Promise<{ step: number; answer: Record<string, unknown> | { error: string } }[]> {
  const start = options.port.now();
  const results: { step: number; answer: Record<string, unknown> | { error: string } }[] = [];
  const steps = options.script.steps.map((step, i) => ({ step, i })).sort((a, b) => a.step.at - b.step.at || a.i - b.i);
  for (const { step, i } of steps) {
    const account =
      step.as === null ? null : options.accounts.find((a) => a.email.toLowerCase() === step.as?.toLowerCase());
    if (account === undefined)
      throw new TypeError(`[teamchat] traffic script step ${i}: no account with email ${String(step.as)}`);
    await options.port.at(Math.max(options.port.now(), start + step.at));
    try {
      results.push({ step: i, answer: await options.port.call(account, step.call, step.params) });
    } catch (error) {
      results.push({ step: i, answer: { error: String((error as { code?: unknown }).code ?? error) } });
    }
  }
  return results;
}
