import { integerValue, type OptionEntry } from './option-table.js';

/** Where a binary listens: `--port` (default `defaultPort`; 0 picks a free one) and `--host`. */
export function listenOptions(defaultPort: number): {
  readonly port: OptionEntry<number> & { readonly flags: '--port <n>'; readonly default: number };
  readonly host: OptionEntry<string> & { readonly flags: '--host <host>'; readonly default: string };
} {
  return {
    port: {
      flags: '--port <n>',
      help: 'port to listen on; 0 picks a free one',
      parse: integerValue({ max: 65_535 }),
      default: defaultPort,
    },
    host: { flags: '--host <host>', help: 'address to listen on', default: '127.0.0.1' },
  };
}

/** Whether `host` is a loopback address (where development-only options are allowed). */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** `http://host:port`, with an IPv6 host in brackets. */
export function siteUrl(host: string, port: number): string {
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
}
