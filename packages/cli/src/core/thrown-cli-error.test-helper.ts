import { isCliError, type CliError } from './cli-error.js';

/** The `CliError` `action` throws (tests only); fails when it throws nothing or something else. */
export function thrownCliError(action: () => unknown): CliError {
  try {
    action();
  } catch (error) {
    if (isCliError(error)) return error;
    throw error;
  }
  throw new Error('expected a CliError');
}
