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
 * Reads a form body: `application/x-www-form-urlencoded` (also assumed when no type is
 * given) or `multipart/form-data`, refusing bodies over `limit` bytes with a 413 envelope.
 */
export async function readBody(request: Request, limit: number): Promise<RequestBody> {
  if (request.method === 'GET' || request.method === 'HEAD' || request.body === null) return EMPTY;
  const declared = Number(request.headers.get('content-length') ?? 'NaN');
  if (declared > limit) throw tooLarge(limit);
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    let form: FormData;
    try {
      form = await request.formData();
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
  const text = await request.text();
  if (text.length > limit) throw tooLarge(limit);
  const fields = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(text)) if (!fields.has(name)) fields.set(name, value);
  return { fields, files: [] };
}
