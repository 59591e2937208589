import type { HttpSender } from './outbound.js';
import type { Services } from './services.js';
import type { OutboxRecord } from '../model/records/outbox.js';

/** Who sent an outbound request: an outbox job, or a request's handler (with its caller). */
type Origin = { job: OutboxRecord } | { cause: number; userId: number | null };

/** A body as JSON when it is JSON, else its text. */
function jsonOrText(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/**
 * `services.outbound`, journaling what it sends while the journal records: an outgoing-webhook
 * delivery (a job of kind `outgoing_webhook`) or a request to the push bouncer, with the
 * answer (credentials hidden by the journal). Other requests (BigBlueButton) are sent as they are.
 */
export function journalingSender(
  services: Pick<Services, 'journal' | 'outbound' | 'config'>,
  origin: Origin,
): HttpSender {
  const { journal, outbound, config } = services;
  return async (request) => {
    const result = await outbound(request);
    const job = 'job' in origin ? origin.job : null;
    const bouncer = config.pushBouncerUrl !== null && request.url.startsWith(config.pushBouncerUrl);
    const kind = job?.kind === 'outgoing_webhook' ? 'webhook' : bouncer ? 'push' : null;
    const userId = job ? job.user_id : 'userId' in origin ? origin.userId : null;
    if (kind === null || userId === null) return result;
    journal.outbound({
      kind,
      job,
      userId,
      cause: job ? journal.causeOfJob(job.id) : 'cause' in origin ? origin.cause : null,
      url: request.url,
      request: jsonOrText(request.body),
      status: result.kind === 'response' ? result.status : null,
      response: result.kind === 'response' ? jsonOrText(result.body) : null,
      error: result.kind === 'response' ? null : result.kind === 'timeout' ? 'timeout' : result.message,
    });
    return result;
  };
}
