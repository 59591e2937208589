import type { HttpMethod } from '@teamchat/schema';

/**
 * One HTTP attempt as hooks, logs and errors see it. Credentials are already redacted: the
 * `Authorization` header reads `Basic [REDACTED]`, and secret parameters (`password`,
 * `api_key`, `token`, the API key itself) are replaced in `url` and `body`.
 */
export interface RequestInfo {
  /** Contract name, e.g. `messages.get`. */
  readonly endpoint: string;
  readonly method: HttpMethod;
  /** Path below `/api/v1`, path parameters filled in: `/messages/42`. */
  readonly path: string;
  /** Full URL, query string included. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /**
   * Form body (`application/x-www-form-urlencoded`) or `undefined` for GET. Files of an
   * upload appear as `file=<name, size bytes>`, never with their bytes.
   */
  readonly body: string | undefined;
  /** 1 for the first attempt, 2 for the first retry, … */
  readonly attempt: number;
}

/** A response as the `afterResponse` hook sees it (body redacted like {@link RequestInfo}). */
export interface ResponseInfo {
  readonly request: RequestInfo;
  readonly status: number;
  /** Parsed JSON body, or the raw text when it is not JSON. */
  readonly body: unknown;
}

/** `GET /messages/42`: how messages name a request. */
export function describeRequest(request: Pick<RequestInfo, 'method' | 'path'>): string {
  return `${request.method} ${request.path}`;
}
