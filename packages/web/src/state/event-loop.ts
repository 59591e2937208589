import { applyEvent, isApiError, watchEvents, type Client } from '@teamchat/client-sdk';
import { client, errorText } from '../api/client.js';
import { connection, interruptibleSleep } from './connection.js';
import { addMessage, changeMessage, forgetMessages, list, openNarrow, removeMessages } from './message-list.js';
import { registered, touch } from './store.js';
import { forgetTopics, noteTopicMessage } from './topics.js';
import { applyTyping } from './typing.js';
import type { AppState, Message, Reaction } from './types.js';

type Event = Record<string, unknown> & { type: string; id: number };

/** What POST /register asks for: rendered HTML, avatars by URL only when uploaded, modern presence. */
const REGISTER = { apply_markdown: true, client_gravatar: true, slim_presence: true, include_subscribers: false };

/** Applies one event to the messages the app holds (the register state gets it through `applyEvent`). */
function applyToMessages(event: Event, me: number): void {
  switch (event.type) {
    case 'message': {
      const message = { ...(event['message'] as Message), flags: (event['flags'] as string[] | undefined) ?? [] };
      addMessage(message, me);
      if (message.type === 'stream' && message.stream_id !== undefined)
        noteTopicMessage(message.stream_id, message.subject, message.id);
      break;
    }
    case 'update_message': {
      const ids = (event['message_ids'] as number[] | undefined) ?? [event['message_id'] as number];
      const rendered = event['rendered_content'];
      const edited = event['edit_timestamp'] as number | undefined;
      if (typeof rendered === 'string') {
        changeMessage(event['message_id'] as number, (m) => ({
          ...m,
          content: rendered,
          last_edit_timestamp: edited ?? m.last_edit_timestamp ?? null,
        }));
      }
      const topic = event['subject'];
      const channel = event['new_stream_id'];
      if (typeof topic === 'string' || typeof channel === 'number') {
        for (const id of ids) {
          changeMessage(id, (m) => ({
            ...m,
            ...(typeof topic === 'string' ? { subject: topic } : {}),
            ...(typeof channel === 'number' ? { stream_id: channel } : {}),
            last_moved_timestamp: edited ?? null,
          }));
        }
      }
      break;
    }
    case 'delete_message':
      removeMessages((event['message_ids'] as number[] | undefined) ?? [event['message_id'] as number]);
      break;
    case 'reaction': {
      const reaction: Reaction = {
        emoji_name: event['emoji_name'] as string,
        emoji_code: event['emoji_code'] as string,
        reaction_type: event['reaction_type'] as string,
        user_id: (event['user_id'] as number | undefined) ?? (event['user'] as { user_id: number }).user_id,
      };
      const same = (r: Reaction) =>
        r.user_id === reaction.user_id &&
        r.emoji_code === reaction.emoji_code &&
        r.reaction_type === reaction.reaction_type;
      changeMessage(event['message_id'] as number, (m) => ({
        ...m,
        reactions:
          event['op'] === 'add'
            ? [...m.reactions.filter((r) => !same(r)), reaction]
            : m.reactions.filter((r) => !same(r)),
      }));
      break;
    }
    case 'update_message_flags': {
      const flag = event['flag'] as string;
      const add = event['op'] === 'add';
      for (const id of event['messages'] as number[]) {
        changeMessage(id, (m) => ({
          ...m,
          flags: add ? [...new Set([...m.flags, flag])] : m.flags.filter((f) => f !== flag),
        }));
      }
      break;
    }
    case 'typing':
      applyTyping(event, me);
      break;
    default:
      break;
  }
}

/** Where the session ended: the login page, coming back to this view afterwards. */
export function goToLogin(): void {
  const next = `${location.pathname}${location.hash}`;
  location.replace(`/login/${next === '/' ? '' : `?next=${encodeURIComponent(next)}`}`);
}

/**
 * Registers an event queue and applies its events for as long as the page lives: to the
 * register state with the SDK's `applyEvent`, and to the open message list. When the server
 * lost the queue (a restart, or a page asleep too long) it registers again, reloads the open
 * narrow and says so; when requests fail it retries for ever, and the banner says so.
 */
export async function runEventLoop(onRegistered: () => void, api: Pick<Client, 'request'> = client): Promise<void> {
  try {
    for await (const raw of watchEvents(api, {
      register: REGISTER as never,
      maxRetries: Number.POSITIVE_INFINITY,
      backoff: { baseDelayMs: 1000, maxDelayMs: 10_000, sleep: interruptibleSleep },
      onRetry: (info) => {
        connection.value = {
          kind: 'retrying',
          since: Date.now(),
          delayMs: info.delayMs,
          failures: info.failures,
          error: errorText(info.error),
        };
      },
      onRegister: (state, info) => {
        registered.value = state as unknown as AppState;
        touch();
        if (info.reason === 'queue_lost') {
          connection.value = { kind: 'reloaded', at: Date.now() };
          forgetMessages();
          forgetTopics();
          const open = list.value;
          if (open) void openNarrow(open.terms);
        } else if (connection.value.kind === 'retrying') connection.value = { kind: 'ok' };
        onRegistered();
      },
    })) {
      const event = raw as unknown as Event;
      const state = registered.value;
      if (!state) continue;
      if (connection.value.kind === 'retrying') connection.value = { kind: 'ok' };
      applyEvent(state as never, event as never);
      applyToMessages(event, state.user_id);
      touch();
    }
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.code === 'UNAUTHORIZED')) {
      if (registered.value) connection.value = { kind: 'logged-out' };
      else goToLogin();
      return;
    }
    throw error;
  }
}
