import { Ajv2020 } from 'ajv/dist/2020.js';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { endpointList, FEATURE_LEVEL, openApiDocument, wireKindOf, type Endpoint } from '../../src/index.js';

const document = openApiDocument();
type Json = Record<string, unknown>;

function operationOf(endpoint: Endpoint): Json {
  return document.paths[endpoint.path]?.[endpoint.method.toLowerCase()] as Json;
}

function named(name: string): Endpoint {
  return endpointList.find((endpoint) => endpoint.name === name) as Endpoint;
}

/** Every `$ref` in `value`, with where it was found. */
function refsIn(value: unknown, at = '#'): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => refsIn(item, `${at}/${i}`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === '$ref' ? [[at, inner as string] as [string, string]] : refsIn(inner, `${at}/${key}`),
  );
}

function resolvePointer(pointer: string): unknown {
  return pointer
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>(
      (node, part) => (node as Json | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')],
      document,
    );
}

describe('openApiDocument', () => {
  it('is a valid OpenAPI 3.1 document (the official schema, via @seriousme/openapi-schema-validator)', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has every contract of the table: incoming ones as operations, outgoing ones as webhooks', () => {
    for (const endpoint of endpointList) {
      if (endpoint.direction === 'outgoing')
        expect(document.webhooks[endpoint.name]?.['post']?.['operationId']).toBe(endpoint.name);
      else expect(operationOf(endpoint)?.['operationId'], endpoint.name).toBe(endpoint.name);
    }
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    expect(operations).toHaveLength(endpointList.filter((endpoint) => endpoint.direction === 'incoming').length);
    expect(document.info['x-feature-level']).toBe(FEATURE_LEVEL);
  });

  it('declares every parameter once, where the codec sends it and with its wire encoding', () => {
    for (const endpoint of endpointList.filter((e) => e.direction === 'incoming')) {
      const operation = operationOf(endpoint);
      const parameters = (operation['parameters'] ?? []) as Json[];
      const body = Object.values(
        ((operation['requestBody'] as Json | undefined)?.['content'] ?? {}) as Record<string, Json>,
      )[0];
      const bodyNames = Object.keys(((body?.['schema'] as Json | undefined)?.['properties'] ?? {}) as Json);
      const declared = [...parameters.map((p) => p['name'] as string), ...bodyNames].sort();
      expect(declared, endpoint.name).toEqual(Object.keys(endpoint.params.shape).sort());
      for (const parameter of parameters) {
        const expected = endpoint.pathParams.includes(parameter['name'] as string) ? 'path' : 'query';
        expect(parameter['in'], `${endpoint.name} ${String(parameter['name'])}`).toBe(expected);
        expect(parameter['x-wire-encoding']).toBe(
          wireKindOf((endpoint.params.shape as Record<string, never>)[parameter['name'] as string] as never),
        );
      }
      if (endpoint.method === 'GET') expect(bodyNames, endpoint.name).toEqual([]);
      for (const name of bodyNames) {
        const encoding = (body?.['encoding'] as Record<string, Json>)[name] as Json;
        expect(encoding['x-wire-encoding'], `${endpoint.name} ${name}`).toBe(
          wireKindOf((endpoint.params.shape as Record<string, never>)[name] as never),
        );
      }
    }
  });

  it('spells the wire encodings out: raw text, JSON, either, files', () => {
    const send = operationOf(named('messages.send'))['requestBody'] as Json;
    const form = (send['content'] as Record<string, Json>)['application/x-www-form-urlencoded'] as Json;
    expect((form['encoding'] as Record<string, Json>)['content']).toMatchObject({
      contentType: 'text/plain',
      'x-wire-encoding': 'raw',
    });
    expect((form['encoding'] as Record<string, Json>)['to']).toMatchObject({
      contentType: 'application/json',
      'x-wire-encoding': 'raw-or-json',
    });
    const narrow = (operationOf(named('messages.list'))['parameters'] as Json[]).find(
      (p) => p['name'] === 'narrow',
    ) as Json;
    expect(narrow).toMatchObject({
      in: 'query',
      'x-wire-encoding': 'json',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/NarrowInput' } } },
    });
    const upload = (operationOf(named('uploads.upload'))['requestBody'] as Json)['content'] as Record<string, Json>;
    expect(upload['multipart/form-data']?.['schema']).toMatchObject({
      properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
      required: ['file'],
    });
  });

  it('gives the success body with the envelope, the error codes by status, the access rule and the feature level', () => {
    const get = operationOf(named('messages.get'));
    expect(get).toMatchObject({ 'x-since-feature-level': 120, 'x-access': 'user' });
    const responses = get['responses'] as Record<string, Json>;
    const success = ((responses['200']?.['content'] as Json)['application/json'] as Json)['schema'] as Json;
    expect(success['required']).toEqual(['result', 'msg', 'message', 'raw_content']);
    expect((success['properties'] as Json)['message']).toEqual({ $ref: '#/components/schemas/Message' });
    expect(Object.keys(responses).sort()).toEqual(['200', '400', '401']);
    const codes = (status: string, operation: Json) =>
      (
        (
          (
            (
              ((operation['responses'] as Record<string, Json>)[status]?.['content'] as Json)[
                'application/json'
              ] as Json
            )['schema'] as Json
          )['allOf'] as Json[]
        )[1] as { properties: { code: { enum: string[] } } }
      ).properties.code.enum;
    expect(codes('400', operationOf(named('users.create')))).toEqual(
      expect.arrayContaining(['BAD_REQUEST', 'REQUEST_VARIABLE_MISSING', 'UNAUTHORIZED_PRINCIPAL']),
    );
    expect(codes('400', operationOf(named('users.deactivateOwn')))).toEqual(
      expect.arrayContaining(['CANNOT_DEACTIVATE_LAST_USER']),
    );
    expect(codes('401', operationOf(named('users.deactivateOwn')))).toEqual(['UNAUTHORIZED']);
    expect(codes('404', operationOf(named('navigationViews.remove')))).toEqual(['BAD_REQUEST']);
    expect(operationOf(named('server.getSettings'))['security']).toEqual([]);
  });

  it('resolves every reference, and every schema compiles as JSON Schema 2020-12', () => {
    for (const [at, ref] of refsIn(document)) expect(resolvePointer(ref), `${ref} at ${at}`).toBeDefined();
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema({ $id: 'https://teamchat.invalid/openapi.json', components: document.components });
    for (const name of Object.keys(document.components.schemas)) {
      expect(
        () => ajv.getSchema(`https://teamchat.invalid/openapi.json#/components/schemas/${name}`),
        name,
      ).not.toThrow();
    }
  });
});
