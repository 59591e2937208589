/**
 * A non-negative integer option of the command line (`--port 9992`, `--seed 7`), checked like
 * the server's: `Number('abc')` would be NaN and crash later, or silently become seed 0.
 *
 * @throws {RangeError} `--port must be an integer from 0 to 65535, got 'abc'`.
 */
export function integerOption(value: string, name: string, max?: number): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || (max !== undefined && number > max) || !Number.isSafeInteger(number)) {
    const expected = max === undefined ? 'a non-negative integer' : `an integer from 0 to ${max}`;
    throw new RangeError(`--${name} must be ${expected}, got '${value}'`);
  }
  return number;
}
