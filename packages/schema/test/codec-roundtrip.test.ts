import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decodeParams } from '../src/codec/decode-params.js';
import { encodeParams } from '../src/codec/encode-params.js';
import type { Endpoint } from '../src/define-endpoint.js';
import { endpointList, endpoints, incomingEndpoints } from '../src/endpoints/index.js';
import { sampleParams, TRICKY_STRINGS } from './sample-params.js';

/** How many samples per contract: enough for every string parameter to meet every tricky string. */
const VARIANTS = TRICKY_STRINGS.length;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The path parameters of `path`, matched against the contract's template and URL-decoded, as a router does. */
function pathParamsOf(endpoint: Endpoint, path: string): Record<string, string> {
  const names: string[] = [];
  const pattern = endpoint.path
    .split(/\{([a-z_]+)\}/)
    .map((part, index) => {
      if (index % 2 === 0) return escapeRegExp(part);
      names.push(part);
      return '([^/]+)';
    })
    .join('');
  const match = new RegExp(`^${pattern}$`).exec(path);
  if (!match) throw new Error(`${endpoint.name}: encoded path ${path} does not match ${endpoint.path}`);
  return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')]));
}

/** The files of a multipart body, as a server's form parser hands them over. */
function filesOf(form: FormData | null): Blob[] {
  return [...(form ?? [])].flatMap(([, value]) => (typeof value === 'string' ? [] : [value]));
}

/** Encodes `sample`, sends it through real form/query text (and multipart files), and decodes it as the server would. */
function roundtrip(endpoint: Endpoint, sample: Record<string, unknown>) {
  const encoded = encodeParams(endpoint, sample);
  return decodeParams(endpoint, {
    path: pathParamsOf(endpoint, encoded.path),
    query: new URLSearchParams(encoded.query.toString()),
    body: encoded.body === null ? null : new URLSearchParams(encoded.body.toString()),
    files: filesOf(encoded.multipart),
  });
}

const visited = new Set<string>();

describe('wire codec roundtrip over every contract', () => {
  it.each(endpointList.map((endpoint) => [endpoint.name, endpoint] as const))(
    '%s decodes what it encodes',
    (_name, endpoint) => {
      for (let variant = 0; variant < VARIANTS; variant++) {
        const sample = sampleParams(endpoint.params, variant, endpoint.name);
        const { params, ignored } = roundtrip(endpoint, sample);
        expect(params, `${endpoint.name} variant ${variant}: ${JSON.stringify(sample)}`).toStrictEqual(
          endpoint.params.parse(sample),
        );
        expect(ignored, `${endpoint.name} variant ${variant}`).toEqual([]);
      }
      visited.add(endpoint.name);
    },
  );

  it('visited every contract of the table', () => {
    expect(endpointList.length).toBeGreaterThan(60);
    expect(visited.size).toBe(endpointList.length);
    expect(Object.keys(endpoints)).toHaveLength(endpointList.length);
  });
});

describe('the contract table', () => {
  it('lists the outgoing-webhook notification but keeps it out of incomingEndpoints', () => {
    expect(endpoints['outgoingWebhooks.notify'].direction).toBe('outgoing');
    expect(incomingEndpoints.map((e) => e.name)).not.toContain('outgoingWebhooks.notify');
    expect(incomingEndpoints).toHaveLength(endpointList.length - 1);
    expect(incomingEndpoints.every((e) => e.direction === 'incoming')).toBe(true);
  });

  it('has no two contracts on the same method and path', () => {
    const routes = endpointList.map((e) => `${e.method} ${e.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });
});

describe('sampleParams', () => {
  it('fills in optional parameters and uses tricky strings', () => {
    const sample = sampleParams(z.object({ a: z.string().optional(), b: z.number().int().default(3) }));
    expect(TRICKY_STRINGS).toContain(sample['a']);
    expect(typeof sample['b']).toBe('number');
  });

  it('fails loudly on a schema kind it does not know', () => {
    expect(() => sampleParams(z.object({ when: z.date() }))).toThrow(/unsupported schema kind 'date'/);
  });

  it('fails loudly when no value fits a constrained string', () => {
    expect(() => sampleParams(z.object({ hex: z.string().regex(/^[0-9a-f]{64}$/) }))).toThrow(
      /no candidate value fits/,
    );
  });
});
