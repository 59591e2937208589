/**
 * JSON texts made ahead for values of a handler's result: a handler that has the text of a
 * value cheaper than `JSON.stringify` would make it (cached message fragments, say) leaves it
 * here, and the REST envelope splices it instead of serialising the value again. The value
 * itself is still what every other consumer sees (tRPC, the response check, direct calls);
 * the text must be exactly `JSON.stringify(value)`, which the envelope verifies whenever
 * responses are checked (tests, the mock).
 */
const texts = new WeakMap<object, string>();

/** Records `text` as the JSON of `value` (an array or object the handler will not change again); returns `value`. */
export function withJsonText<T extends object>(value: T, text: string): T {
  texts.set(value, text);
  return value;
}

/** The JSON text recorded for `value`, if any. */
export function jsonTextOf(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? texts.get(value) : undefined;
}
