import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { incomingEndpoints } from '../../src/index.js';
import { apiPages } from '../../../../scripts/generate-reference.js';
import { sharedReference, ZULIP_OPENAPI } from '../../../../test-support/shared-reference.js';

// The pages of https://zulip.com/api/ the SDK's method reference links to
// (scripts/reference/zulip-api-pages.json): an operation's page is named by its operationId.
const REFERENCE = sharedReference(ZULIP_OPENAPI);

describe.skipIf(!REFERENCE)(`the documentation pages, checked against the real server's description (${ZULIP_OPENAPI})`, () => {
  it('link each contract to the page of the operation with its method and path', () => {
    const document = parse(readFileSync(REFERENCE as string, 'utf8')) as { paths: Record<string, Record<string, { operationId?: string }>> };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, id: operation.operationId ?? '' })),
    );
    const shape = (key: string) => key.replace(/\{[^}]+\}/g, '{}');
    const ids = new Set(operations.map((operation) => operation.id));
    const pages = apiPages();
    for (const endpoint of incomingEndpoints) {
      const key = `${endpoint.method} ${endpoint.path}`;
      const exact = operations.filter((operation) => operation.key === key);
      const same = operations.filter((operation) => shape(operation.key) === shape(key));
      const paired = exact.length === 1 ? exact[0] : same.length === 1 ? same[0] : undefined;
      const page = pages[endpoint.name];
      if (paired) expect(page, endpoint.name).toBe(paired.id);
      else expect(typeof page === 'object' && (page.page === null || ids.has(page.page)), `${endpoint.name}: a related page that exists, or none`).toBe(true);
    }
  });
});
