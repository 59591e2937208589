import { ApiError } from '@teamchat/schema';

/** Django's message for an empty required text field. */
export const BLANK_FIELD = 'This field cannot be blank.';

/**
 * Validation errors by field, in the order the real server's model validation finds them:
 * field checks in field order, then `__all__` (cross-field checks, then uniqueness).
 */
export class FieldErrors {
  readonly errors: Record<string, string[]> = {};

  /** Records `message` against `field`. */
  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  /** Whether `field` already has an error (Django skips uniqueness checks on such fields). */
  has(field: string): boolean {
    return field in this.errors;
  }

  /**
   * Throws the real server's `ValidationFailureError` when there is any error: `BAD_REQUEST`
   * with the first message as `msg` and every message in the extra field `errors`.
   *
   * @see https://zulip.com/api/get-linkifiers
   */
  throwIfAny(): void {
    const first = Object.values(this.errors).flat()[0];
    if (first !== undefined) throw new ApiError('BAD_REQUEST', first, { extra: { errors: this.errors } });
  }
}
