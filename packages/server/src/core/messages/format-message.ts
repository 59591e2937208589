import type { EditHistoryEntry, Message } from '@teamchat/schema';
import type { Context } from '../runtime/context.js';
import type { ChannelRecord } from '../model/records/channels.js';
import type { RealmRecord } from '../model/records/realm.js';
import type { UserRecord } from '../model/records/users.js';
import { utf8, withJsonText } from '../model/json-text.js';
import type { CompiledLinkifier } from '../markdown/compile-linkifier.js';
import { realmLinkifiers } from '../markdown/realm-linkifiers.js';
import { topicLinks } from '../markdown/topic-links.js';
import { avatarUrlFor } from '../model/avatar.js';
import { apiEmail } from '../model/email-visibility.js';
import { participantsOf } from '../model/direct-message-groups.js';
import { messageFlags } from '../model/message-flags.js';
import { flagNames, type MessageRecord } from '../model/records/messages.js';
import { isResolveChange } from '../model/resolved-topic.js';

type Ctx = Pick<Context, 'db' | 'indexes' | 'realm' | 'config'>;

/** How a message is shown to one viewer. */
export interface FormatOptions {
  /** HTML (`text/html`) or the raw Markdown (`text/x-markdown`). */
  applyMarkdown: boolean;
  clientExtavatar: boolean;
  /** False: the empty topic is shown as the organization's `realm_empty_topic_display_name`. */
  allowEmptyTopicName: boolean;
  /** Include the viewer's `flags` (fetches do; `message` events carry them beside the message). */
  includeFlags: boolean;
}

/** The topic as a client sees it. */
export function displayTopic(ctx: Pick<Context, 'realm'>, topic: string, allowEmptyTopicName: boolean): string {
  return topic === '' && !allowEmptyTopicName ? ctx.realm.empty_topic_display_name : topic;
}

/** The viewer's flag names on `message` (`read` and `historical` when they never received it). */
export function viewerFlags(ctx: Pick<Context, 'db'>, message: MessageRecord, viewer: UserRecord | null): string[] {
  return flagsOfBits(viewer ? messageFlags(ctx, message.id, viewer.id) : undefined, viewer);
}

function flagsOfBits(bits: number | undefined, viewer: UserRecord | null): string[] {
  if (bits === undefined) return viewer ? ['read', 'historical'] : ['read'];
  return flagNames(bits);
}

function visibleEditHistory(
  ctx: Ctx,
  message: MessageRecord,
  allowEmptyTopicName: boolean,
): EditHistoryEntry[] | undefined {
  const policy = ctx.realm.message_edit_history_visibility_policy;
  if (message.edit_history.length === 0 || policy === 3) return undefined;
  const entries = message.edit_history
    .map((entry) => {
      const shown: EditHistoryEntry = { ...entry };
      if (shown.prev_topic !== undefined) shown.prev_topic = displayTopic(ctx, shown.prev_topic, allowEmptyTopicName);
      if (shown.topic !== undefined) shown.topic = displayTopic(ctx, shown.topic, allowEmptyTopicName);
      if (policy === 2) {
        delete shown.prev_content;
        delete shown.prev_rendered_content;
      }
      return shown;
    })
    .filter((entry) => policy !== 2 || entry.prev_topic !== undefined || entry.prev_stream !== undefined);
  return entries.length > 0 ? entries : undefined;
}

/** Whether an edit-history entry moved the message (a channel change or a topic change that is not a resolve/unresolve). */
export function isMove(entry: EditHistoryEntry): boolean {
  if (entry.prev_stream !== undefined) return true;
  if (entry.prev_topic === undefined || entry.topic === undefined) return false;
  return entry.prev_topic !== entry.topic && !isResolveChange(entry.prev_topic, entry.topic);
}

/**
 * The Message object of `message` as `viewer` sees it.
 *
 * @see https://zulip.com/api/get-messages
 */
export function formatMessage(
  ctx: Ctx,
  message: MessageRecord,
  viewer: UserRecord | null,
  options: FormatOptions,
): Message {
  const sender = ctx.db.get('users', message.sender_id) as UserRecord;
  const realmUrl = ctx.config.realmUrl;
  const formatted: Message = {
    id: message.id,
    type: message.type,
    sender_id: sender.id,
    sender_email: apiEmail(sender, realmUrl),
    sender_full_name: sender.full_name,
    sender_realm_str: ctx.realm.string_id,
    avatar_url: avatarUrlFor(sender, viewer, { clientExtavatar: options.clientExtavatar, realmUrl }),
    client: message.client,
    content: options.applyMarkdown ? message.rendered_content : message.content,
    content_type: options.applyMarkdown ? 'text/html' : 'text/x-markdown',
    display_recipient: '',
    recipient_id: message.recipient_id,
    // Direct messages have no topic: always "".
    subject: message.type === 'stream' ? displayTopic(ctx, message.topic, options.allowEmptyTopicName) : '',
    is_me_message: message.is_me_message,
    timestamp: message.timestamp,
    reactions: message.reactions.map((r) => ({ ...r })),
    submessages: message.submessages.map((s) => ({ ...s, message_id: message.id })),
    topic_links: message.type === 'stream' ? topicLinks(ctx, message.topic) : [],
  };
  if (message.stream_id !== null) {
    formatted.display_recipient = ctx.db.get('channels', message.stream_id)?.name ?? '';
    formatted.stream_id = message.stream_id;
  } else {
    formatted.display_recipient = participantsOf(ctx, message).map((id) => {
      const user = ctx.db.get('users', id) as UserRecord;
      return { id, email: apiEmail(user, realmUrl), full_name: user.full_name, is_mirror_dummy: false };
    });
  }
  const lastEdit = message.edit_history.find((entry) => entry.prev_content !== undefined);
  const lastMove = message.edit_history.find(isMove);
  if (lastEdit) formatted.last_edit_timestamp = lastEdit.timestamp;
  if (lastMove) formatted.last_moved_timestamp = lastMove.timestamp;
  const history = visibleEditHistory(ctx, message, options.allowEmptyTopicName);
  if (history) formatted.edit_history = history;
  if (options.includeFlags) formatted.flags = viewerFlags(ctx, message, viewer);
  return formatted;
}

/**
 * A message as a fetch shows it, flags included, and its JSON text, made when first asked for:
 * as a string for one message, as UTF-8 after a comma (`,{…}`) for lists.
 */
interface Fetched {
  message: Message;
  json: string | null;
  bytes: Uint8Array | null;
  /** GET /messages/{id}'s answer of it, with its whole JSON text ({@link fetchedMessageAnswer}). */
  answer: MessageAnswer | null;
}

/** GET /messages/{message_id}'s answer: the message and its Markdown source. */
export type MessageAnswer = Readonly<{ message: Message; raw_content: string }>;

function jsonOf(fetched: Fetched): string {
  return (fetched.json ??= JSON.stringify(fetched.message));
}

function bytesOf(fetched: Fetched): Uint8Array {
  return (fetched.bytes ??= utf8(`,${jsonOf(fetched)}`));
}

/**
 * How a channel message is shown, kept between fetches, with what it was made from: records
 * are replaced, never changed, when they change, so the form holds while the message, its
 * sender, its channel, the organization, the linkifiers, the options and the avatar URL are
 * the same objects and values. It keeps one {@link Fetched} per set of flags seen (one viewer
 * usually has one or two); these are frozen and shared by every fetch that shows them.
 */
interface SharedForm {
  sender: UserRecord;
  channel: ChannelRecord | undefined;
  realm: RealmRecord;
  realmUrl: string;
  linkifiers: readonly CompiledLinkifier[];
  variant: number;
  avatarUrl: string | null;
  /** By the viewer's flag bits ({@link flagsKey}). */
  byFlags: Map<number, Fetched>;
}

/**
 * The forms of recently fetched messages, in two generations: a form used again moves to the
 * newer one, and when that is full the older one is dropped. At most twice this many forms are
 * kept, so fetching through a million messages does not keep a form of each.
 */
const FORMS_PER_GENERATION = 5000;
let newerForms = new Map<MessageRecord, SharedForm>();
let olderForms = new Map<MessageRecord, SharedForm>();

function rememberForm(message: MessageRecord, form: SharedForm): void {
  if (newerForms.size >= FORMS_PER_GENERATION) {
    olderForms = newerForms;
    newerForms = new Map();
  }
  newerForms.set(message, form);
}

function keptForm(message: MessageRecord): SharedForm | undefined {
  const newer = newerForms.get(message);
  if (newer) return newer;
  const older = olderForms.get(message);
  if (older) rememberForm(message, older);
  return older;
}

function variantOf(options: FormatOptions): number {
  return (options.applyMarkdown ? 1 : 0) | (options.clientExtavatar ? 2 : 0) | (options.allowEmptyTopicName ? 4 : 0);
}

/** The shared form of a channel message (direct messages have none: their recipients are several records). */
function sharedForm(
  ctx: Ctx,
  message: MessageRecord,
  viewer: UserRecord | null,
  options: FormatOptions,
): SharedForm | null {
  if (message.stream_id === null) return null;
  const sender = ctx.db.get('users', message.sender_id) as UserRecord;
  const channel = ctx.db.get('channels', message.stream_id);
  const realmUrl = ctx.config.realmUrl;
  const linkifiers = realmLinkifiers(ctx);
  const variant = variantOf(options);
  const avatarOf = () => avatarUrlFor(sender, viewer, { clientExtavatar: options.clientExtavatar, realmUrl });
  const form = keptForm(message);
  if (
    form &&
    form.sender === sender &&
    form.channel === channel &&
    form.realm === ctx.realm &&
    form.realmUrl === realmUrl &&
    form.linkifiers === linkifiers &&
    form.variant === variant &&
    // Without client_extavatar the URL depends on the sender record and the URL alone.
    (!options.clientExtavatar || form.avatarUrl === avatarOf())
  ) {
    return form;
  }
  const avatarUrl = avatarOf();
  const fresh: SharedForm = {
    sender,
    channel,
    realm: ctx.realm,
    realmUrl,
    linkifiers,
    variant,
    avatarUrl,
    byFlags: new Map(),
  };
  rememberForm(message, fresh);
  return fresh;
}

/** The key of a viewer's flags on a message: their bits, or -1 (never received) and -2 (no viewer). */
function flagsKey(bits: number | undefined, viewer: UserRecord | null): number {
  return bits ?? (viewer ? -1 : -2);
}

function fetchedOf(message: Message): Fetched {
  return { message: Object.freeze(message), json: null, bytes: null, answer: null };
}

/** A message as a fetch shows it, flags included (`flags` last, as the real server has it). */
function fetchedMessage(ctx: Ctx, message: MessageRecord, viewer: UserRecord | null, options: FormatOptions): Fetched {
  const form = sharedForm(ctx, message, viewer, options);
  if (!form) return fetchedOf(formatMessage(ctx, message, viewer, options));
  const bits = viewer ? messageFlags(ctx, message.id, viewer.id) : undefined;
  const key = flagsKey(bits, viewer);
  let fetched = form.byFlags.get(key);
  if (fetched === undefined) {
    const shown = formatMessage(ctx, message, viewer, { ...options, includeFlags: false });
    shown.flags = flagsOfBits(bits, viewer);
    fetched = fetchedOf(shown);
    form.byFlags.set(key, fetched);
  }
  return fetched;
}

const OPEN_LIST = utf8('[');
const CLOSE_LIST = utf8(']');

/**
 * Messages as a fetch shows them to `viewer`, flags included: {@link formatMessage}'s result,
 * kept between fetches for channel messages, and with the JSON of the list recorded
 * (`withJsonText`) as the UTF-8 bytes kept with each message, so the answer is not serialised
 * message by message again. The list is fresh; the messages in it are frozen and may be
 * shared with other fetches.
 */
export function formatFetchedMessages(
  ctx: Ctx,
  messages: readonly MessageRecord[],
  viewer: UserRecord | null,
  options: Omit<FormatOptions, 'includeFlags'>,
): Message[] {
  const formatted: Message[] = new Array<Message>(messages.length);
  const chunks: Uint8Array[] = new Array<Uint8Array>(messages.length + 2);
  const all = { ...options, includeFlags: true };
  chunks[0] = OPEN_LIST;
  for (let i = 0; i < messages.length; i++) {
    const fetched = fetchedMessage(ctx, messages[i] as MessageRecord, viewer, all);
    formatted[i] = fetched.message;
    // Each message's bytes start with the comma that separates it from the one before.
    const bytes = bytesOf(fetched);
    chunks[i + 1] = i === 0 ? bytes.subarray(1) : bytes;
  }
  chunks[messages.length + 1] = CLOSE_LIST;
  return withJsonText(formatted, { chunks });
}

/**
 * GET /messages/{message_id}'s answer: one message as {@link formatFetchedMessages} shows it,
 * and its Markdown source, with the answer's whole JSON text recorded. A channel message's
 * answer is kept with its shared form (the form holds the record the source comes from), so
 * asking again costs a lookup.
 */
export function fetchedMessageAnswer(
  ctx: Ctx,
  message: MessageRecord,
  viewer: UserRecord | null,
  options: Omit<FormatOptions, 'includeFlags'>,
): MessageAnswer {
  const fetched = fetchedMessage(ctx, message, viewer, { ...options, includeFlags: true });
  if (fetched.answer) return fetched.answer;
  const answer: MessageAnswer = Object.freeze({ message: fetched.message, raw_content: message.content });
  withJsonText(answer, `{"message":${jsonOf(fetched)},"raw_content":${JSON.stringify(message.content)}}`);
  fetched.answer = answer;
  return answer;
}
