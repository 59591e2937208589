import { ApiError } from '@teamchat/schema';

// The real server's `check_color`: `#` and three to six hex digits.
const HEX_COLOR = /^#[0-9a-fA-F]{3,6}$/;

/**
 * A subscription colour as stored and sent: lowercase `#rrggbb` (`#ABC` → `#aabbcc`), the form
 * clients expect. Anything the real server's `check_color` refuses is `<varName> is not a
 * valid hex color code`.
 *
 * @see https://zulip.com/api/get-subscriptions
 */
export function subscriptionColor(value: string, varName: string): string {
  if (!HEX_COLOR.test(value)) throw new ApiError('BAD_REQUEST', `${varName} is not a valid hex color code`);
  const hex = value.slice(1).toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex}`;
}
