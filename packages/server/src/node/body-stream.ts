import type { IncomingMessage } from 'node:http';

/**
 * The request body as a web stream, read from the socket only as the handler asks for it, so
 * no size is imposed here and nothing is buffered ahead. When the handler cancels it (a body
 * over its limit) the rest is never read: `abandoned` tells the adapter to close the
 * connection after answering rather than drain it.
 */
export function bodyStream(req: IncomingMessage, state: { abandoned: boolean }): ReadableStream<Uint8Array> {
  let finished = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.pause();
      req.on('data', (chunk: Buffer) => {
        if (finished) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      req.on('end', () => {
        if (finished) return;
        finished = true;
        controller.close();
      });
      req.on('error', (error) => {
        if (finished) return;
        finished = true;
        controller.error(error);
      });
    },
    pull() {
      req.resume();
    },
    cancel() {
      finished = true;
      state.abandoned = true;
      req.pause();
    },
  });
}
