import { readFileSync } from 'node:fs';
import { endpointList, incomingEndpoints } from '@teamchat/schema';
import { describe, expect, it } from 'vitest';
import { ENDPOINT_TABLE_FILE, renderEndpointTable } from '../../../scripts/generate-endpoint-table.js';
import { endpointTable } from '../src/generated/endpoint-table.js';

describe('the SDK endpoint table', () => {
  it('is up to date with the contract table (after adding or changing a contract, run `npm run generate`)', () => {
    const written = readFileSync(ENDPOINT_TABLE_FILE, 'utf8');
    expect(written, 'packages/client-sdk/src/generated/endpoint-table.ts is out of date: run `npm run generate`').toBe(renderEndpointTable(endpointList));
  });

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
  });

  it('lists the JSON types of parameters that take a string or another value', () => {
    expect(endpointTable['messages.send'].wire['to']).toEqual(['string', 'number', 'array']);
    expect(endpointTable['events.register'].wire['include_subscribers']).toEqual(['string', 'boolean']);
    expect(endpointTable['users.deactivate'].wire['deactivation_notification_comment']).toEqual(['string', 'null']);
  });
});
