import { emojiToName, nameToEmoji } from 'gemoji';

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

/**
 * The Unicode emoji called `name` (GitHub's gemoji names: `smile`, `+1`, `tada`), or
 * undefined.
 */
export function emojiByName(name: string): UnicodeEmoji | undefined {
  if (!Object.hasOwn(nameToEmoji, name)) return undefined;
  const emoji = nameToEmoji[name];
  return emoji === undefined ? undefined : { name, code: emojiCode(emoji) };
}

/** The Unicode emoji of a character sequence (variation selectors ignored), or undefined. */
export function emojiByCharacters(characters: string): UnicodeEmoji | undefined {
  const code = emojiCode(characters);
  const name = namesByCode().get(code);
  return name === undefined ? undefined : { name, code };
}
