import { emojiToName, gemoji, nameToEmoji } from 'gemoji';

/** A Unicode emoji as messages show it. */
export interface UnicodeEmoji {
  name: string;
  /** Dash-separated lowercase hex code points without variation selectors (`1f604`, `0023-20e3`). */
  code: string;
}

const VARIATION_SELECTOR = 0xfe0f;

/** The emoji code of an emoji string: `'#️⃣'` → `'0023-20e3'`. */
export function emojiCode(emoji: string): string {
  return [...emoji]
    .map((char) => char.codePointAt(0) ?? 0)
    .filter((codePoint) => codePoint !== VARIATION_SELECTOR)
    .map((codePoint) => codePoint.toString(16).padStart(4, '0'))
    .join('-');
}

let byCode: Map<string, string> | undefined;

function namesByCode(): Map<string, string> {
  byCode ??= new Map(Object.entries(emojiToName).map(([emoji, name]) => [emojiCode(emoji), name]));
  return byCode;
}

let byName: Map<string, string> | undefined;

/** `thumbs up` → `thumbs_up`: a Unicode name as an emoji name. */
function nameOfDescription(description: string): string {
  return description
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/**
 * Every emoji name: gemoji's names and aliases first (`smile`, `+1`, `thumbsup`), then each
 * emoji's Unicode name in the real server's spelling (`thumbs_up`, `party_popper`,
 * `face_with_tears_of_joy`), which the real server's emoji data also accepts, where no gemoji
 * name has it already.
 */
function emojiByNames(): Map<string, string> {
  if (byName) return byName;
  byName = new Map(Object.entries(nameToEmoji));
  for (const entry of gemoji) {
    const name = nameOfDescription(entry.description);
    if (name !== '' && !byName.has(name)) byName.set(name, entry.emoji);
  }
  return byName;
}

/**
 * The Unicode emoji called `name` (gemoji's names `smile`, `+1`, `tada`, and Unicode names
 * such as `thumbs_up`), or undefined.
 */
export function emojiByName(name: string): UnicodeEmoji | undefined {
  const emoji = emojiByNames().get(name);
  return emoji === undefined ? undefined : { name, code: emojiCode(emoji) };
}

/** The Unicode emoji of a character sequence (variation selectors ignored), or undefined. */
export function emojiByCharacters(characters: string): UnicodeEmoji | undefined {
  const code = emojiCode(characters);
  const name = namesByCode().get(code);
  return name === undefined ? undefined : { name, code };
}
