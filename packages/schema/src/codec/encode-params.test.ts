import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import { decodeParams } from './decode-params.js';
import { encodeParams } from './encode-params.js';
import { FileParam } from './wire-kind.js';

const presence = defineEndpoint({
  name: 'test.presence',
  method: 'GET',
  path: '/users/{user_id_or_email}/presence',
  access: 'user',
  summary: 'test',
  params: z.object({ user_id_or_email: z.union([z.number().int(), z.string()]) }),
  response: z.object({}),
  errors: [],
});

const view = defineEndpoint({
  name: 'test.view',
  method: 'PATCH',
  path: '/views/{fragment}/{view_id}',
  access: 'user',
  summary: 'test',
  params: z.object({ fragment: z.string(), view_id: z.number().int(), name: z.string().optional() }),
  response: z.object({}),
  errors: [],
});

const upload = defineEndpoint({
  name: 'test.upload',
  method: 'POST',
  path: '/uploads',
  access: 'user',
  summary: 'test',
  params: z.object({ file: FileParam, note: z.string().optional(), count: z.number().int().optional() }),
  response: z.object({}),
  errors: [],
});

/** The path parameter of `/users/{x}/presence`, URL-decoded as a router would. */
function presencePathParam(path: string): string {
  const match = /^\/users\/([^/]+)\/presence$/.exec(path);
  return decodeURIComponent(match?.[1] ?? '');
}

describe('encodeParams', () => {
  it('writes integer and raw-string path parameters as plain URL-encoded text', () => {
    const encoded = encodeParams(view, { fragment: 'narrow/is/starred', view_id: 7, name: 'a "b"' });
    expect(encoded.path).toBe('/views/narrow%2Fis%2Fstarred/7');
    expect(encoded.body?.get('name')).toBe('a "b"');
    expect(encodeParams(presence, { user_id_or_email: 9 }).path).toBe('/users/9/presence');
    expect(encodeParams(presence, { user_id_or_email: 'iago@example.com' }).path).toBe(
      '/users/iago%40example.com/presence',
    );
  });

  it('quotes a string path parameter that would read back as an integer', () => {
    const encoded = encodeParams(presence, { user_id_or_email: '-1' });
    expect(presencePathParam(encoded.path)).toBe('"-1"');
    const { params } = decodeParams(presence, { path: { user_id_or_email: presencePathParam(encoded.path) } });
    expect(params.user_id_or_email).toBe('-1');
  });

  it('round-trips an integer path parameter of an integer-or-string parameter as an integer', () => {
    const encoded = encodeParams(presence, { user_id_or_email: 5 });
    const { params } = decodeParams(presence, { path: { user_id_or_email: presencePathParam(encoded.path) } });
    expect(params.user_id_or_email).toBe(5);
  });

  it('sends a file parameter and the other fields as multipart/form-data, keeping the form body for logs', async () => {
    const encoded = encodeParams(upload, {
      file: new File(['hello'], 'notes.txt', { type: 'text/plain' }),
      note: 'n',
      count: 2,
    });
    expect(encoded.body?.toString()).toBe('note=n&count=2');
    const form = encoded.multipart as FormData;
    expect([...form.keys()]).toEqual(['note', 'count', 'file']);
    const file = form.get('file') as File;
    expect([file.name, file.type, await file.text()]).toEqual(['notes.txt', 'text/plain', 'hello']);
    const { params } = decodeParams(upload, { body: encoded.body, files: [file] });
    expect([params.note, params.count, await params.file.text()]).toEqual(['n', 2, 'hello']);
  });

  it('names a plain Blob `blob`, and has no multipart body without a file', () => {
    const form = encodeParams(upload, { file: new Blob(['x']) }).multipart as FormData;
    expect((form.get('file') as File).name).toBe('blob');
    expect(encodeParams(view, { fragment: 'f', view_id: 1 }).multipart).toBeNull();
    expect(() => encodeParams(upload, { file: 'not a file' })).toThrow("'file' must be a Blob or File");
  });
});
