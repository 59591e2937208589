import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { incomingEndpoints } from '../../src/index.js';
import { sharedReference, ZULIP_OPENAPI } from '../../../../test-support/shared-reference.js';

// The page of https://zulip.com/api/ each contract names (`docs`), which the OpenAPI document
// and the SDK's method reference link to: an operation's page is named by its operationId.
const REFERENCE = sharedReference(ZULIP_OPENAPI);

describe.skipIf(!REFERENCE)(
  `the documentation pages, checked against the real server's description (${ZULIP_OPENAPI})`,
  () => {
    it('link each contract to the page of the operation with its method and path', () => {
      const document = parse(readFileSync(REFERENCE as string, 'utf8')) as {
        paths: Record<string, Record<string, { operationId?: string }>>;
      };
      const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.entries(methods)
          .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
          .map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, id: operation.operationId ?? '' })),
      );
      const shape = (key: string) => key.replace(/\{[^}]+\}/g, '{}');
      const ids = new Set(operations.map((operation) => operation.id));
      for (const endpoint of incomingEndpoints) {
        const key = `${endpoint.method} ${endpoint.path}`;
        const exact = operations.filter((operation) => operation.key === key);
        const same = operations.filter((operation) => shape(operation.key) === shape(key));
        const paired = exact.length === 1 ? exact[0] : same.length === 1 ? same[0] : undefined;
        if (paired) expect(endpoint.docs, `${endpoint.name}: docs`).toBe(paired.id);
        else {
          expect(
            endpoint.docs === undefined || ids.has(endpoint.docs),
            `${endpoint.name}: a related page that exists, or none`,
          ).toBe(true);
          expect(
            endpoint.docsNote,
            `${endpoint.name}: no operation of the real server has its method and path, so docsNote says how it relates`,
          ).toBeTruthy();
        }
      }
    });
  },
);
