import type { Logger } from '../core/index.js';

function line(level: string, message: string, fields?: Record<string, unknown>): string {
  const extra = fields && Object.keys(fields).length > 0 ? ` ${JSON.stringify(fields)}` : '';
  return `${new Date().toISOString()} ${level} ${message}${extra}`;
}

/** A logger writing one line per entry to stderr (the operator's log). */
export const consoleLogger: Logger = {
  info: (message, fields) => process.stderr.write(`${line('INFO', message, fields)}\n`),
  warn: (message, fields) => process.stderr.write(`${line('WARN', message, fields)}\n`),
  error: (message, fields) => process.stderr.write(`${line('ERROR', message, fields)}\n`),
};
