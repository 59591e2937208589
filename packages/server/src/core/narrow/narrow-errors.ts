import { ApiError } from '@teamchat/schema';

/**
 * The real server's `BadNarrowOperatorError`: `BAD_NARROW` with
 * `Invalid narrow operator: {desc}` and the extra field `desc`.
 *
 * @example
 * throw badNarrow('unknown channel design');
 * @see https://zulip.com/api/rest-error-handling, https://zulip.com/api/construct-narrow
 */
export function badNarrow(desc: string): ApiError {
  return new ApiError('BAD_NARROW', `Invalid narrow operator: ${desc}`, { extra: { desc } });
}

/** The real server's `InvalidOperatorCombinationError` (`Invalid narrow operator combination: {desc}`). */
export function badNarrowCombination(desc: string): ApiError {
  return new ApiError('BAD_NARROW', `Invalid narrow operator combination: ${desc}`, { extra: { desc } });
}

/**
 * An operand as Python's `str()` prints it in the real server's messages: lists as
 * `[1, 2]`, everything else as is.
 */
export function operandText(operand: string | number | readonly number[]): string {
  return Array.isArray(operand) ? `[${operand.join(', ')}]` : String(operand);
}
