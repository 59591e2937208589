import type { z } from 'zod';
import { describeRequest, type RequestInfo } from '../core/request-info.js';

/**
 * Why a response was rejected:
 * - `invalid-json`: the body is not JSON (an HTML error page from a proxy, a truncated body);
 * - `invalid-envelope`: JSON, but not a `{ result: "success" | "error", msg }` envelope;
 * - `schema-mismatch`: a success envelope whose fields do not match the contract's response
 *   schema (only with the `validateResponses()` plugin of `@teamchat/client-sdk/validate`).
 */
export type ResponseValidationReason = 'invalid-json' | 'invalid-envelope' | 'schema-mismatch';

/** Options of {@link ResponseValidationError}. */
export interface ResponseValidationErrorOptions {
  request: RequestInfo;
  status: number;
  reason: ResponseValidationReason;
  /** Zod issues for `schema-mismatch`. */
  issues?: readonly z.core.$ZodIssue[];
  /** The start of the body for `invalid-json` / `invalid-envelope` (at most 200 characters). */
  bodySnippet?: string;
}

/**
 * The server answered, but not with something the SDK can read: not JSON, not an envelope,
 * or (with the `validateResponses()` plugin) not matching the contract.
 *
 * @example
 * const client = createClient({ site, email, apiKey, plugins: [validateResponses()] });
 * try { await client.users.list(); } catch (error) {
 *   if (isResponseValidationError(error)) console.error(error.reason, error.issues);
 * }
 */
export class ResponseValidationError extends Error {
  override readonly name = 'ResponseValidationError';
  readonly request: RequestInfo;
  /** HTTP status of the response. */
  readonly status: number;
  readonly reason: ResponseValidationReason;
  readonly issues: readonly z.core.$ZodIssue[];
  readonly bodySnippet: string | undefined;

  constructor(options: ResponseValidationErrorOptions) {
    super(`[teamchat-sdk] ${describeRequest(options.request)} (HTTP ${options.status}): ${explain(options)}`);
    this.request = options.request;
    this.status = options.status;
    this.reason = options.reason;
    this.issues = options.issues ?? [];
    this.bodySnippet = options.bodySnippet;
  }
}

/** Whether `error` is a {@link ResponseValidationError} (also across copies of the package). */
export function isResponseValidationError(error: unknown): error is ResponseValidationError {
  return (
    error instanceof ResponseValidationError ||
    (error instanceof Error && error.name === 'ResponseValidationError' && 'reason' in error)
  );
}

function explain(options: ResponseValidationErrorOptions): string {
  switch (options.reason) {
    case 'invalid-json':
      return 'the response body is not JSON. Is the site URL a team chat server?';
    case 'invalid-envelope':
      return 'the response is JSON but not a {result, msg} envelope. Is the site URL a team chat server?';
    case 'schema-mismatch': {
      const issues = (options.issues ?? [])
        .slice(0, 3)
        .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
      const more = (options.issues?.length ?? 0) > 3 ? `; and ${(options.issues?.length ?? 0) - 3} more` : '';
      return `the response does not match the ${options.request.endpoint} contract (${issues.join('; ')}${more}). Leave out the validateResponses plugin to accept it.`;
    }
  }
}
