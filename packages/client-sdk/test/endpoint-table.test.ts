import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { incomingEndpoints } from '@teamchat/schema';
import { describe, expect, it } from 'vitest';
import { assertFreshBuilds } from '../../../test-support/fresh-build.js';
import { endpointTable, outgoingEndpointNames } from '../src/client/endpoint-table.js';

const DIST = join(import.meta.dirname, '..', 'dist');

describe('the SDK endpoint table', () => {
  it('describes every callable contract as the contract itself encodes it', () => {
    expect(Object.keys(endpointTable)).toEqual(incomingEndpoints.map((endpoint) => endpoint.name));
    for (const contract of incomingEndpoints) {
      const entry = endpointTable[contract.name];
      expect(entry).toEqual({
        name: contract.name,
        method: contract.method,
        path: contract.path,
        pathParams: contract.pathParams,
        wire: contract.wire,
        ...(contract.aliases ? { aliases: contract.aliases } : {}),
      });
      expect(Object.keys(entry.wire)).toEqual(Object.keys(contract.params.shape));
    }
    expect(outgoingEndpointNames).toEqual(['outgoingWebhooks.notify']);
  });

  it('lists the JSON types of parameters that take a string or another value', () => {
    expect(endpointTable['messages.send'].wire['to']).toEqual(['string', 'number', 'array']);
    expect(endpointTable['events.register'].wire['include_subscribers']).toEqual(['string', 'boolean']);
    expect(endpointTable['users.deactivate'].wire['deactivation_notification_comment']).toEqual(['string', 'null']);
  });

  it('is written out as data in the build: every callable contract, and no import of the contracts but from /validate', () => {
    assertFreshBuilds();
    const built = readdirSync(DIST).filter((file) => /\.c?js$/.test(file));
    const text = built.map((file) => readFileSync(join(DIST, file), 'utf8')).join('\n');
    for (const { name } of incomingEndpoints) expect(text, name).toContain(`"${name}"`);
    const importers = built.filter((file) =>
      /(from |require\()["']@teamchat\/schema["']/.test(readFileSync(join(DIST, file), 'utf8')),
    );
    expect(importers.sort()).toEqual(['validate.cjs', 'validate.js']);
  });
});
