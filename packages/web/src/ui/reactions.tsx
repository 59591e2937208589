import { useState } from 'preact/hooks';
import { client, errorText } from '../api/client.js';
import { me, usersById } from '../state/store.js';
import type { Message, Reaction } from '../state/types.js';
import { emojiCharacter } from '../util/format.js';
import { showError } from './toast.js';

/** The emoji the picker offers (the real server's names). */
export const QUICK_EMOJI: readonly { name: string; code: string }[] = [
  { name: 'thumbs_up', code: '1f44d' },
  { name: 'tada', code: '1f389' },
  { name: 'heart', code: '2764' },
  { name: 'joy', code: '1f602' },
  { name: 'smile', code: '1f604' },
  { name: 'eyes', code: '1f440' },
  { name: 'rocket', code: '1f680' },
  { name: 'white_check_mark', code: '2705' },
];

/** Adds or removes the user's reaction. */
export async function toggleReaction(
  message: Message,
  emoji: { name: string; code: string; type?: string },
): Promise<void> {
  const mine = message.reactions.some((r) => r.user_id === me.value && r.emoji_code === emoji.code);
  const params = {
    message_id: message.id,
    emoji_name: emoji.name,
    emoji_code: emoji.code,
    reaction_type: (emoji.type ?? 'unicode_emoji') as 'unicode_emoji',
  };
  try {
    if (mine) await client.messages.removeReaction(params);
    else await client.messages.addReaction(params);
  } catch (error) {
    showError(`Could not ${mine ? 'remove' : 'add'} the reaction: ${errorText(error)}`);
  }
}

function glyph(reaction: Reaction): string {
  return reaction.reaction_type === 'unicode_emoji' ? emojiCharacter(reaction.emoji_code) : `:${reaction.emoji_name}:`;
}

/** The reactions under a message, grouped by emoji; a click toggles yours. */
export function Reactions({ message, tabIndex }: { message: Message; tabIndex: number }) {
  if (message.reactions.length === 0) return null;
  const groups = new Map<string, Reaction[]>();
  for (const reaction of message.reactions) {
    const key = `${reaction.reaction_type}:${reaction.emoji_code}`;
    groups.set(key, [...(groups.get(key) ?? []), reaction]);
  }
  const users = usersById.value;
  return (
    <div class="reactions">
      {[...groups.values()].map((group) => {
        const first = group[0] as Reaction;
        const mine = group.some((r) => r.user_id === me.value);
        const who = group
          .map((r) => (r.user_id === me.value ? 'You' : (users.get(r.user_id)?.full_name ?? 'Someone')))
          .join(', ');
        return (
          <button
            type="button"
            class={`reaction${mine ? ' mine' : ''}`}
            aria-pressed={mine}
            tabIndex={tabIndex}
            title={`${who} reacted with :${first.emoji_name}:`}
            aria-label={`${first.emoji_name.replace(/_/g, ' ')}: ${group.length}, ${mine ? 'including you' : 'click to react'}`}
            onClick={() =>
              void toggleReaction(message, {
                name: first.emoji_name,
                code: first.emoji_code,
                type: first.reaction_type,
              })
            }
          >
            <span class="reaction-emoji" aria-hidden="true">
              {glyph(first)}
            </span>
            <span class="reaction-count">{group.length}</span>
          </button>
        );
      })}
    </div>
  );
}

/** A small picker of {@link QUICK_EMOJI}. */
export function EmojiPicker({ message, onClose }: { message: Message; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  // Opens upwards when there is no room below it in the list.
  const [up, setUp] = useState(false);
  const place = (element: HTMLDivElement | null) => {
    const list = element?.closest('.message-scroller');
    if (!element || !list || up) return;
    if (element.getBoundingClientRect().bottom > list.getBoundingClientRect().bottom) setUp(true);
  };
  return (
    <div
      class={`emoji-picker${up ? ' up' : ''}`}
      ref={place}
      role="dialog"
      aria-label="Add a reaction"
      onKeyDown={(event) => event.key === 'Escape' && (event.stopPropagation(), onClose())}
    >
      {QUICK_EMOJI.map((emoji, index) => (
        <button
          type="button"
          class="emoji-choice"
          ref={(el) => {
            if (index === 0) el?.focus();
          }}
          disabled={busy}
          title={`:${emoji.name}:`}
          aria-label={emoji.name.replace(/_/g, ' ')}
          onClick={async () => {
            setBusy(true);
            await toggleReaction(message, emoji);
            onClose();
          }}
        >
          {emojiCharacter(emoji.code)}
        </button>
      ))}
    </div>
  );
}
