import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import { ApiError } from '../errors/api-error.js';
import { decodeParams } from './decode-params.js';
import { FileParam } from './wire-kind.js';

const endpoint = defineEndpoint({
  name: 'test.thing',
  method: 'POST',
  path: '/things/{thing_id}',
  access: 'user',
  summary: 'test',
  params: z.object({
    thing_id: z.number().int(),
    name: z.string().max(5),
    flag: z.boolean().default(false),
    ids: z.array(z.number().int()).optional(),
    op: z.enum(['add', 'remove']).optional(),
    to: z.union([z.string(), z.number().int()]).optional(),
  }),
  aliases: { subject: 'name' },
  response: z.object({}),
  errors: [],
});

function decode(body: Record<string, string>, path: Record<string, string> = { thing_id: '7' }) {
  return decodeParams(endpoint, { path, body: new URLSearchParams(body) });
}

function errorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('decodeParams', () => {
  it('decodes path, raw strings, JSON values and defaults', () => {
    const { params, ignored } = decode({ name: 'abc', ids: '[1,2]', op: 'add', extra: 'x', another: '1' });
    expect(params).toEqual({ thing_id: 7, name: 'abc', flag: false, ids: [1, 2], op: 'add' });
    expect(ignored).toEqual(['another', 'extra']);
  });

  it('answers REQUEST_VARIABLE_MISSING naming a missing parameter', () => {
    const error = errorOf(() => decode({}));
    expect(error.code).toBe('REQUEST_VARIABLE_MISSING');
    expect(error.msg).toBe("Missing 'name' argument");
    expect(error.extra).toEqual({ var_name: 'name' });
  });

  it('rejects booleans that are not JSON true/false', () => {
    expect(errorOf(() => decode({ name: 'a', flag: 'True' })).msg).toBe('flag is not valid JSON');
    expect(errorOf(() => decode({ name: 'a', flag: '1' })).msg).toBe('flag is not a boolean');
  });

  it('names the element of a list that is not an integer', () => {
    expect(errorOf(() => decode({ name: 'a', ids: '[1,"x"]' })).msg).toBe('ids[1] is not an integer');
    expect(errorOf(() => decode({ name: 'a', ids: '{}' })).msg).toBe('ids is not a list');
  });

  it('answers Invalid x for a value outside an enum and too long for a long string', () => {
    expect(errorOf(() => decode({ name: 'a', op: 'toggle' })).msg).toBe('Invalid op');
    expect(errorOf(() => decode({ name: 'abcdef' })).msg).toBe('name is too long (limit: 5 characters)');
  });

  it('reads aliases and refuses a parameter sent under two names', () => {
    expect(decode({ subject: 'abc' }).params.name).toBe('abc');
    const error = errorOf(() => decode({ subject: 'abc', name: 'abc' }));
    expect(error.code).toBe('REQUEST_CONFUSING_VAR');
  });

  it('falls back to the literal text for string-or-integer parameters', () => {
    expect(decode({ name: 'a', to: 'Denmark' }).params.to).toBe('Denmark');
    expect(decode({ name: 'a', to: '5' }).params.to).toBe(5);
    expect(decode({ name: 'a', to: '"5"' }).params.to).toBe('5');
  });

  it('reads parameters from the query string when the body lacks them', () => {
    const { params } = decodeParams(endpoint, { path: { thing_id: '1' }, query: new URLSearchParams({ name: 'q' }) });
    expect(params.name).toBe('q');
  });

  it("takes the one uploaded file whatever its field name, with the real server's errors otherwise", async () => {
    const upload = defineEndpoint({
      name: 'test.upload',
      method: 'POST',
      path: '/uploads',
      access: 'user',
      summary: 'test',
      params: z.object({ file: FileParam }),
      response: z.object({}),
      errors: [],
    });
    const file = new File(['data'], 'a.txt');
    const { params, ignored } = decodeParams(upload, { body: new URLSearchParams({ other: 'x' }), files: [file] });
    expect(await params.file.text()).toBe('data');
    expect(ignored).toEqual(['other']);
    const none = errorOf(() => decodeParams(upload, { body: new URLSearchParams({ file: 'text, not a file' }) }));
    expect([none.code, none.msg]).toEqual(['BAD_REQUEST', 'You must specify a file to upload']);
    const two = errorOf(() => decodeParams(upload, { files: [file, new File(['2'], 'b.txt')] }));
    expect([two.code, two.msg]).toEqual(['BAD_REQUEST', 'You may only upload one file at a time']);
  });
});
