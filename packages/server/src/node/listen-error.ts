/** Where a server tried to listen. */
export interface ListenTarget {
  host: string;
  port: number;
}

/**
 * One line for an operator saying why a server could not listen on `target`, and what to
 * do: a busy port, a privileged port, an address not of this machine, an unknown host name.
 * Anything else is described by its code and message (never a stack).
 *
 * @example
 * try { await listen({ handler, port, host }); }
 * catch (error) { console.error(`teamchat-server: ${describeListenError(error, { host, port })}`); process.exit(1); }
 */
export function describeListenError(error: unknown, target: ListenTarget): string {
  const { host, port } = target;
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
  const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  switch (code) {
    case 'EADDRINUSE':
      return `cannot listen on ${where}: the port is in use (another server?); pick another with --port N (--port 0 picks a free one)`;
    case 'EACCES':
    case 'EPERM':
      return `cannot listen on ${where}: permission denied${port > 0 && port < 1024 ? ' (ports below 1024 need privileges)' : ''}; pick another with --port N`;
    case 'EADDRNOTAVAIL':
      return `cannot listen on ${where}: ${host} is not an address of this machine; pass --host with a local address (127.0.0.1, 0.0.0.0, ::1)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return `cannot listen on ${where}: unknown host name '${host}'; pass --host with an address or a known name`;
    default: {
      const message = error instanceof Error ? error.message : String(error);
      return `cannot listen on ${where}: ${code && !message.includes(code) ? `${code}: ` : ''}${message}`;
    }
  }
}
