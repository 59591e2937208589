import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { AnyServerEvent, endpoints, EVENT_OPS, isKnownEvent, ServerEvent } from '../src/index.js';
import { sharedReference, ZULIP_OPENAPI } from '../../../test-support/shared-reference.js';

type Json = Record<string, unknown>;
/** What a test reads of a model: the keys of its shape, and its literal `type` and `op`. */
type Model = { shape: Record<string, unknown> & { type: { value: string }; op?: { value: string } } };

/** `type/op` (or `type`) → the field names of its model. */
function ourEvents(): Map<string, Set<string>> {
  const events = new Map<string, Set<string>>();
  for (const option of ServerEvent.options as readonly (Model | { options: readonly Model[] })[]) {
    for (const model of 'options' in option ? option.options : [option]) {
      events.set(
        `${model.shape.type.value}${model.shape.op ? `/${model.shape.op.value}` : ''}`,
        new Set(Object.keys(model.shape)),
      );
    }
  }
  return events;
}

/** The same from the real server's OpenAPI description: the `oneOf` of GET /events' `events` items. */
function theirEvents(document: Json): Map<string, Set<string>> {
  const schemas = (document['components'] as Json)['schemas'] as Record<string, Json>;
  const deref = (schema: unknown): Json => {
    let current = schema as Json;
    for (let i = 0; i < 20 && typeof current['$ref'] === 'string'; i += 1)
      current = schemas[(current['$ref'] as string).split('/').pop() as string] as Json;
    return current;
  };
  const properties = (schema: unknown): Json => {
    const resolved = deref(schema);
    return Object.assign(
      {},
      resolved['properties'] as Json | undefined,
      ...((resolved['allOf'] as unknown[] | undefined) ?? []).map(properties),
    ) as Json;
  };
  const literal = (schema: unknown): string | undefined => {
    const resolved = deref(schema);
    if (Array.isArray(resolved['enum'])) return String(resolved['enum'][0]);
    for (const inner of (resolved['allOf'] as unknown[] | undefined) ?? []) {
      const found = literal(inner);
      if (found) return found;
    }
    return undefined;
  };
  const paths = document['paths'] as Record<string, Record<string, Json>>;
  const response = (((paths['/events']?.['get']?.['responses'] as Json)['200'] as Json)['content'] as Json)[
    'application/json'
  ] as Json;
  const items = deref((properties(response['schema'])['events'] as Json)['items']);
  const events = new Map<string, Set<string>>();
  for (const option of items['oneOf'] as unknown[]) {
    const fields = properties(option);
    events.set(
      `${literal(fields['type'])}${fields['op'] ? `/${literal(fields['op'])}` : ''}`,
      new Set(Object.keys(fields)),
    );
  }
  return events;
}

const REFERENCE = sharedReference(ZULIP_OPENAPI);

describe.skipIf(!REFERENCE)(`the event models compared with the real server's description (${ZULIP_OPENAPI})`, () => {
  it('have one model per type and op of GET /events, and the same fields', () => {
    const theirs = theirEvents(parse(readFileSync(REFERENCE as string, 'utf8')) as Json);
    const ours = ourEvents();
    expect([...ours.keys()].sort()).toEqual([...theirs.keys()].sort());
    const differences: string[] = [];
    for (const [event, fields] of theirs) {
      const mine = ours.get(event) ?? new Set();
      for (const field of fields) if (!mine.has(field)) differences.push(`${event}: ${field} missing here`);
      for (const field of mine) if (!fields.has(field)) differences.push(`${event}: ${field} only here`);
    }
    expect(differences).toEqual([]);
  });
});

describe('ServerEvent', () => {
  it('lists the ops of each type, and knows which events it has a model for', () => {
    expect(EVENT_OPS['stream']).toEqual(['create', 'delete', 'update']);
    expect(EVENT_OPS['message']).toEqual([]);
    expect(isKnownEvent({ type: 'stream', op: 'create' })).toBe(true);
    expect(isKnownEvent({ type: 'message' })).toBe(true);
    expect(isKnownEvent({ type: 'stream', op: 'split' })).toBe(false);
    expect(isKnownEvent({ type: 'stream' })).toBe(false);
    expect(isKnownEvent({ type: 'hologram' })).toBe(false);
  });

  it('checks an event of a known type against its model, and lets one of a newer server pass as it is', () => {
    const channel = { stream_id: 1, name: 'general' };
    expect(
      AnyServerEvent.safeParse({ type: 'stream', op: 'delete', id: 3, stream_ids: [1], streams: [channel] }).success,
    ).toBe(true);
    expect(AnyServerEvent.safeParse({ type: 'heartbeat', id: 4 }).success).toBe(true);
    // A known type whose fields are wrong fails, whatever a newer server could add.
    expect(AnyServerEvent.safeParse({ type: 'message', id: 5, flags: [] }).success).toBe(false);
    expect(
      AnyServerEvent.safeParse({ type: 'subscription', op: 'peer_add', id: 6, stream_ids: '1', user_ids: [] }).success,
    ).toBe(false);
    // Types and ops this version does not know pass untouched.
    const future = { type: 'hologram', id: 7, depth: 3 };
    expect(AnyServerEvent.parse(future)).toEqual(future);
    expect(AnyServerEvent.safeParse({ type: 'stream', op: 'split', id: 8 }).success).toBe(true);
    // And fields added to a known event by a newer server pass too.
    expect(AnyServerEvent.parse({ type: 'invites_changed', id: 9, new_field: true })).toEqual({
      type: 'invites_changed',
      id: 9,
      new_field: true,
    });
  });

  it('is what GET /events answers, so response validation checks every event', () => {
    const events = endpoints['events.get'].response.shape.events;
    expect(events.safeParse([{ type: 'message', id: 1 }]).success).toBe(false);
    expect(events.safeParse([{ type: 'hologram', id: 1 }]).success).toBe(true);
  });
});
