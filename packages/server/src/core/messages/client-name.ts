/** Clients whose own messages start out read for the sender (the real server's UI clients). */
const UI_CLIENTS = new Set([
  'website',
  'ZulipMobile',
  'ZulipAndroid',
  'ZulipiOS',
  'ZulipDesktop',
  'ZulipElectron',
  'ZulipTerminal',
  'ZulipFlutter',
]);

/** The last User-Agent {@link clientName} read, and its answer. */
let last = { userAgent: '', name: 'API' };

/**
 * The client name of a request (`client` of the messages it sends): the product token of
 * its User-Agent (`ZulipPython/0.9.1 (…)` → `ZulipPython`), or `API` without one.
 */
export function clientName(userAgent: string): string {
  // A client sends many requests with one User-Agent: the last answer is kept.
  if (userAgent === last.userAgent) return last.name;
  const token = userAgent.trim().split(/[\s/]/)[0] ?? '';
  const name = token === '' ? 'API' : token.slice(0, 30);
  last = { userAgent, name };
  return name;
}

/** Whether a sender's message starts out read for them when `read_by_sender` is not given. */
export function defaultReadBySender(client: string): boolean {
  return UI_CLIENTS.has(client);
}
