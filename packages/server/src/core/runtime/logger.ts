/** Where log lines go; credentials never reach it. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** A logger that drops everything (tests, the mock). */
export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
