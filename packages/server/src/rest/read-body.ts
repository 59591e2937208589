import { ApiError } from '@teamchat/schema';
import { filePartTypes } from './file-part-types.js';
import type { RestRequest } from './rest-request.js';

/** The body fields of a request; uploaded files are kept apart from string fields. */
export interface RequestBody {
  fields: Map<string, string>;
  files: File[];
}

const EMPTY: RequestBody = { fields: new Map(), files: [] };
const decoder = new TextDecoder();

/**
 * Reads a form body: `application/x-www-form-urlencoded` (also assumed when no type is
 * given) or `multipart/form-data`, refusing bodies over `limit` bytes with a 413 envelope.
 */
export async function readBody(request: RestRequest, limit: number): Promise<RequestBody> {
  if (!request.hasBody) return EMPTY;
  const contentType = request.header('content-type') ?? '';
  const bytes = await request.readBytes(limit);
  if (contentType.toLowerCase().startsWith('multipart/form-data')) {
    let form: FormData;
    try {
      form = await new Response(bytes as Uint8Array<ArrayBuffer>, {
        headers: { 'content-type': contentType },
      }).formData();
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
    return body.files.length > 0
      ? { ...body, files: withDeclaredTypes(body.files, filePartTypes(bytes, contentType)) }
      : body;
  }
  if (bytes.length === 0) return EMPTY;
  const fields = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(decoder.decode(bytes)))
    if (!fields.has(name)) fields.set(name, value);
  return { fields, files: [] };
}

/**
 * The files as their parts declared them: a part sent without a `Content-Type` (which the form
 * parser types `text/plain`) is given the type `''`, so that the core guesses it from the file
 * name as the real server does.
 */
function withDeclaredTypes(files: File[], declared: readonly (string | null)[]): File[] {
  if (declared.length !== files.length) return files;
  return files.map((file, i) =>
    declared[i] === null ? new File([file], file.name, { type: '', lastModified: file.lastModified }) : file,
  );
}
