/** `14:05` or `2:05 PM`. */
export function timeOf(seconds: number, twentyFour: boolean): string {
  return new Date(seconds * 1000).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit', hour12: !twentyFour });
}

/** `Today`, `Yesterday`, `Mon, Nov 23` or `Nov 23, 2025`. */
export function dayOf(seconds: number, now = Date.now()): string {
  const date = new Date(seconds * 1000);
  const today = new Date(now);
  const startOfToday = new Date(today.getFullYear(), today.getMonth(), today.getDate()).getTime();
  const day = new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
  if (day === startOfToday) return 'Today';
  if (day === startOfToday - 86_400_000) return 'Yesterday';
  if (date.getFullYear() === today.getFullYear()) return date.toLocaleDateString(undefined, { weekday: 'short', month: 'short', day: 'numeric' });
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** The full date and time, for a tooltip. */
export function fullTimeOf(seconds: number): string {
  return new Date(seconds * 1000).toLocaleString();
}

/** The character of a Unicode emoji code (`1f44d` → 👍). */
export function emojiCharacter(code: string): string {
  try {
    return String.fromCodePoint(...code.split('-').map((part) => parseInt(part, 16)));
  } catch {
    return code;
  }
}
