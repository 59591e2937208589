import { ApiError } from '@teamchat/schema';

/** The body fields of a request; uploaded files are kept apart from string fields. */
export interface RequestBody {
  fields: Map<string, string>;
  files: File[];
}

const EMPTY: RequestBody = { fields: new Map(), files: [] };

function tooLarge(limit: number): ApiError {
  return new ApiError('BAD_REQUEST', `Request body too large (limit: ${limit} bytes)`, { status: 413 });
}

/**
 * The body's bytes, refused as soon as they pass `limit` (a missing or false `Content-Length`
 * included): the stream is then cancelled, which tells the HTTP adapter to drop the connection
 * instead of reading the rest. With a declared length the bytes go straight into one buffer
 * of that size, so a large upload is held once, not as chunks plus their concatenation.
 */
export async function readLimited(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? 'NaN');
  if (declared > limit) {
    await request.body?.cancel().catch(() => undefined);
    throw tooLarge(limit);
  }
  const reader = (request.body as ReadableStream<Uint8Array>).getReader();
  const exact = Number.isSafeInteger(declared) && declared >= 0 ? new Uint8Array(declared) : null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch {
      // The client went away (or sent a broken body): nobody is left to answer.
      throw new ApiError('BAD_REQUEST', 'Incomplete request body');
    }
    if (next.done) break;
    const chunk = next.value;
    if (size + chunk.length > limit || (exact && size + chunk.length > exact.length)) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    if (exact) exact.set(chunk, size);
    else chunks.push(chunk);
    size += chunk.length;
  }
  if (exact) return size === exact.length ? exact : exact.slice(0, size);
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/**
 * Reads a form body: `application/x-www-form-urlencoded` (also assumed when no type is
 * given) or `multipart/form-data`, refusing bodies over `limit` bytes with a 413 envelope.
 */
export async function readBody(request: Request, limit: number): Promise<RequestBody> {
  if (request.method === 'GET' || request.method === 'HEAD' || request.body === null) return EMPTY;
  const contentType = request.headers.get('content-type') ?? '';
  const bytes = await readLimited(request, limit);
  if (contentType.toLowerCase().startsWith('multipart/form-data')) {
    let form: FormData;
    try {
      form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
    } catch {
      throw new ApiError('BAD_REQUEST', 'Malformed multipart/form-data body');
    }
    const body: RequestBody = { fields: new Map(), files: [] };
    for (const [name, value] of form) {
      if (typeof value === 'string') {
        if (!body.fields.has(name)) body.fields.set(name, value);
      } else {
        body.files.push(value);
      }
    }
    return body;
  }
  const text = new TextDecoder().decode(bytes);
  const fields = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(text)) if (!fields.has(name)) fields.set(name, value);
  return { fields, files: [] };
}
