/**
 * One option of a command: how it is written, its help, and how its text becomes a value.
 * A table of these (`{ port: {...}, host: {...} }`) is the only place an option is declared:
 * commander parses and prints help from it, and the command reads the typed values.
 */
export interface OptionEntry<TValue = unknown> {
  /**
   * The flags as commander writes them: `--port <n>` takes a value, `--memory` is a switch
   * (`true` when given, else `false`), `-q, --quiet` adds a short form.
   */
  readonly flags: string;
  /** One sentence for `--help` (without the default, which is added). */
  readonly help: string;
  /** The heading it is listed under in `--help`; default `Options:`. */
  readonly group?: string;
  /**
   * Turns the text of the value into the option's value; `previous` is the value so far (for
   * repeatable options, see {@link repeatable}). Throws an `Error` whose message says what
   * was expected (`must be an integer from 0 to 65535`): the runner adds the option and the
   * text, and ends with a usage error (exit 2).
   */
  readonly parse?: (text: string, previous: TValue | undefined) => TValue;
  /** The value when the option is not given (shown in `--help` unless {@link defaultHelp} says it better). */
  readonly default?: TValue;
  /** The default as `--help` shows it, when it is not just {@link default} (`6; 0 with --dev`). */
  readonly defaultHelp?: string;
}

/** The options of a command, by the name its code reads them under (any value types). */
export type OptionTable = Readonly<
  Record<string, Omit<OptionEntry, 'parse'> & { readonly parse?: (text: string, previous: never) => unknown }>
>;

type ValueOf<TEntry> = 'parse' extends keyof TEntry
  ? NonNullable<TEntry['parse' & keyof TEntry]> extends (text: string, previous: never) => infer TValue
    ? TValue
    : never
  : TEntry extends { flags: `${string}<${string}>` }
    ? string
    : boolean;

/**
 * The values of a table's options after parsing: a switch is a boolean, an option with a
 * default always has a value, any other is `undefined` when not given.
 */
export type OptionValues<TTable> = {
  readonly [TName in keyof TTable]: ValueOf<TTable[TName]> extends boolean
    ? boolean
    : TTable[TName] extends { default: unknown }
      ? ValueOf<TTable[TName]>
      : ValueOf<TTable[TName]> | undefined;
};

/**
 * Declares an option table (the identity, for type inference: values keep their types and
 * flags their literal text).
 *
 * @example
 * const options = defineOptions({
 *   port: { flags: '--port <n>', help: 'port to listen on; 0 picks a free one', parse: integerValue({ max: 65_535 }), default: 9992 },
 *   quiet: { flags: '--quiet', help: 'do not log each request' },
 * });
 */
export function defineOptions<const TTable extends OptionTable>(table: TTable): TTable {
  return table;
}

/**
 * A parser of whole numbers from `min` (default 0) to `max` (default: none), for
 * {@link OptionEntry.parse}. `Number('abc')` would be NaN and crash later, or silently
 * become 0; this refuses it.
 */
export function integerValue(range: { min?: number; max?: number } = {}): (text: string) => number {
  const { min = 0, max } = range;
  const expected =
    max !== undefined
      ? `an integer from ${min} to ${max}`
      : min === 0
        ? 'a non-negative integer'
        : min === 1
          ? 'a positive integer'
          : `an integer of at least ${min}`;
  return (text) => {
    const value = Number(text);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < min || (max !== undefined && value > max))
      throw new Error(`must be ${expected}`);
    return value;
  };
}

/**
 * An option that may be given several times (`--cors-origin A --cors-origin B`): each text
 * goes through `parseOne`, and the value is the list (empty when never given).
 */
export function repeatable<TValue>(
  parseOne: (text: string) => TValue,
): (text: string, previous: readonly TValue[] | undefined) => readonly TValue[] {
  return (text, previous) => [...(previous ?? []), parseOne(text)];
}
