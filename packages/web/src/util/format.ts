// Intl formatters are slow to make (toLocale…String makes one per call): one of each, reused.
const TIME_12 = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', hour12: true });
const TIME_24 = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', hour12: false });
const WEEKDAY_DATE = new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric' });
const FULL_DATE = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** `14:05` or `2:05 PM`. */
export function timeOf(seconds: number, twentyFour: boolean): string {
  return (twentyFour ? TIME_24 : TIME_12).format(seconds * 1000);
}

/** `Today`, `Yesterday`, `Mon, Nov 23` or `Nov 23, 2025`. */
export function dayOf(seconds: number, now = Date.now()): string {
  const date = new Date(seconds * 1000);
  const today = new Date(now);
  const startOfToday = new Date(today.getFullYear(), today.getMonth(), today.getDate()).getTime();
  const day = new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
  if (day === startOfToday) return 'Today';
  if (day === startOfToday - 86_400_000) return 'Yesterday';
  if (date.getFullYear() === today.getFullYear()) return WEEKDAY_DATE.format(date);
  return FULL_DATE.format(date);
}

/** The full date and time, for a tooltip. */
export function fullTimeOf(seconds: number): string {
  return DATE_TIME.format(seconds * 1000);
}

/** The character of a Unicode emoji code (`1f44d` → 👍). */
export function emojiCharacter(code: string): string {
  try {
    return String.fromCodePoint(...code.split('-').map((part) => parseInt(part, 16)));
  } catch {
    return code;
  }
}
