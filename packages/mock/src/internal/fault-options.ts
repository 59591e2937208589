/** Throws unless `value` is a finite number ≥ 0 (`times`, `ms`, `retry_after`). */
export function checkNonNegative(name: string, value: unknown): asserts value is number | undefined {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new RangeError(
      `[teamchat-mock] fault option ${name} must be a non-negative number, got ${JSON.stringify(value) ?? String(value)}`,
    );
  }
}

/** Throws unless `value` is a 5xx status, the only statuses a `server_error` fault answers with. */
export function checkServerErrorStatus(name: string, value: unknown): asserts value is number | undefined {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 500 || value > 599) {
    throw new RangeError(
      `[teamchat-mock] fault option ${name} must be a 5xx status (500 to 599), got ${JSON.stringify(value) ?? String(value)}`,
    );
  }
}
