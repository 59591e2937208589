import { describe, expect, it } from 'vitest';
import { createClient } from '../client/create-client.js';
import type { RequestInfo } from './request-info.js';

const SITE = 'https://chat.example.com';
const KEY = 'abcdefghijklmnopqrstuvwxyz012345';

/** A client whose fetch turns each call into a real `Request` (what goes on the wire) and answers `reply`. */
function setup(reply: Record<string, unknown>) {
  const sent: Request[] = [];
  const logged: RequestInfo[] = [];
  const fetch = async (input: string | URL | globalThis.Request, init?: RequestInit): Promise<Response> => {
    sent.push(new Request(input, init));
    return new Response(JSON.stringify({ result: 'success', msg: '', ...reply }), {
      headers: { 'content-type': 'application/json' },
    });
  };
  const client = createClient({
    site: SITE,
    email: 'iago@example.com',
    apiKey: KEY,
    fetch,
    retry: false,
    hooks: { beforeRequest: (request) => void logged.push(request) },
  });
  return { client, sent, logged };
}

describe('transport with files', () => {
  it('uploads a File as multipart/form-data with its name, type and bytes', async () => {
    const { client, sent, logged } = setup({
      url: '/user_uploads/1/ab/x/notes.txt',
      uri: '/user_uploads/1/ab/x/notes.txt',
      filename: 'notes.txt',
    });
    const result = await client.uploads.upload({ file: new File(['hello'], 'notes.txt', { type: 'text/plain' }) });
    expect(result).toEqual({
      url: '/user_uploads/1/ab/x/notes.txt',
      uri: '/user_uploads/1/ab/x/notes.txt',
      filename: 'notes.txt',
    });
    const [request] = sent;
    expect([request?.method, request?.url]).toEqual(['POST', `${SITE}/api/v1/user_uploads`]);
    // fetch chose the boundary: the transport must not have set a Content-Type of its own.
    expect(request?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const form = await (request as Request).formData();
    const file = form.get('file') as File;
    expect([file.name, file.type, await file.text()]).toEqual(['notes.txt', 'text/plain', 'hello']);
    // Hooks see a description of the file, never its bytes.
    expect(logged[0]?.body).toBe('file=%3Cnotes.txt%2C%205%20bytes%3E');
    expect(logged[0]?.headers['Content-Type']).toBeUndefined();
  });

  it('sends a plain Blob under the name `blob`, and keeps form bodies for other endpoints', async () => {
    const { client, sent } = setup({
      url: '/user_uploads/1/ab/x/blob',
      uri: '/user_uploads/1/ab/x/blob',
      filename: 'blob',
    });
    await client.uploads.upload({ file: new Blob([new Uint8Array([1, 2, 3])]) });
    const file = (await (sent[0] as Request).formData()).get('file') as File;
    expect([file.name, file.size]).toEqual(['blob', 3]);
    await client.attachments.delete({ attachment_id: 4 });
    expect(sent[1]?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
  });
});
