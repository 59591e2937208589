/**
 * JSON texts made ahead for values of an operation's result: an operation that has the text of a
 * value cheaper than `JSON.stringify` would make it (cached message fragments, say) leaves it
 * here, and the REST envelope splices it instead of serialising the value again. The value
 * itself is still what every other consumer sees (tRPC, the response check, direct calls);
 * the text must be exactly `JSON.stringify(value)`, which the envelope verifies whenever
 * responses are checked (tests, the mock).
 *
 * A text is a string, or its UTF-8 bytes in chunks ({@link JsonBytes}): chunks kept from
 * earlier answers are copied once into the answer's bytes, never decoded or joined as strings.
 */
export type JsonText = string | JsonBytes;

/** UTF-8 JSON in chunks, to be written one after another. */
export interface JsonBytes {
  readonly chunks: readonly Uint8Array[];
}

const texts = new WeakMap<object, JsonText>();

/** Records `text` as the JSON of `value` (an array or object the operation will not change again); returns `value`. */
export function withJsonText<T extends object>(value: T, text: JsonText): T {
  texts.set(value, text);
  return value;
}

/** The JSON text recorded for `value`, if any. */
export function jsonTextOf(value: unknown): JsonText | undefined {
  return typeof value === 'object' && value !== null ? texts.get(value) : undefined;
}

const encoder = new TextEncoder();

/** The UTF-8 bytes of `text`. */
export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}
