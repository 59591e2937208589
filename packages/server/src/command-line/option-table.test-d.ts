import { describe, expectTypeOf, it } from 'vitest';
import { defineOptions, integerValue, repeatable, type OptionValues } from './option-table.js';

describe('OptionValues', () => {
  it('types each value from its entry: parser, switch, default', () => {
    const _table = defineOptions({
      port: { flags: '--port <n>', help: 'port', parse: integerValue({ max: 65_535 }), default: 9991 },
      seed: { flags: '--seed <n>', help: 'seed', parse: integerValue() },
      host: { flags: '--host <host>', help: 'host' },
      data: { flags: '--data <file>', help: 'data', default: 'data.json' },
      quiet: { flags: '--quiet', help: 'quiet' },
      origin: {
        flags: '--origin <url>',
        help: 'origins',
        parse: repeatable((text) => text.toLowerCase()),
        default: [],
      },
      limit: {
        flags: '--limit <rules>',
        help: 'limits',
        parse: (text: string): { on: boolean } | null => (text === 'off' ? null : { on: true }),
      },
    });
    expectTypeOf<OptionValues<typeof _table>>().toEqualTypeOf<{
      readonly port: number;
      readonly seed: number | undefined;
      readonly host: string | undefined;
      readonly data: string;
      readonly quiet: boolean;
      readonly origin: readonly string[];
      readonly limit: { on: boolean } | null | undefined;
    }>();
  });
});
