import { defineEndpoint, openEnum } from '@teamchat/schema';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fakeFetch, rejectionOf, success, type Handler } from '../../test/fake-fetch.js';
import { createClient } from '../client/create-client.js';
import { isResponseValidationError } from '../errors/response-validation-error.js';
import { validateResponses } from './validate-responses-plugin.js';

const getWidget = defineEndpoint({
  name: 'widgets.get',
  method: 'GET',
  path: '/widgets/{widget_id}',
  access: 'user',
  summary: 'A contract of the test.',
  params: z.object({ widget_id: z.number().int() }),
  response: z.looseObject({ kind: openEnum(['round', 'square']), size: z.number().int() }),
  errors: [],
});

function setup(handler: Handler, validate = true) {
  const fake = fakeFetch(handler);
  return createClient({
    site: 'chat.example.com',
    fetch: fake.fetch,
    retry: false,
    plugins: validate ? [validateResponses()] : [],
  });
}

describe('validateResponses', () => {
  it('accepts fields and enum values added by newer servers', async () => {
    const client = setup(() => success({ kind: 'hexagonal', size: 3, added_later: { x: 1 } }));
    await expect(client.request(getWidget, { widget_id: 1 })).resolves.toEqual({
      kind: 'hexagonal',
      size: 3,
      added_later: { x: 1 },
    });
  });

  it('throws ResponseValidationError naming the contract and the field for a mismatch', async () => {
    const client = setup(() => success({ kind: 'round', size: 'large' }));
    const error = await rejectionOf(client.request(getWidget, { widget_id: 1 }));
    expect(isResponseValidationError(error)).toBe(true);
    expect(error).toMatchObject({ reason: 'schema-mismatch', status: 200, issues: [{ path: ['size'] }] });
    expect((error as Error).message).toMatch(
      /GET \/widgets\/1 \(HTTP 200\): the response does not match the widgets\.get contract \(size: /,
    );
  });

  it('checks each event of GET /events against its model, and lets the types of a newer server pass', async () => {
    const future = { type: 'hologram', id: 2, depth: 3 };
    const client = setup(() => success({ events: [{ type: 'heartbeat', id: 1 }, future], queue_id: 'q' }));
    await expect(client.events.get({ queue_id: 'q' })).resolves.toEqual({
      events: [{ type: 'heartbeat', id: 1 }, future],
      queue_id: 'q',
    });
    const broken = setup(() => success({ events: [{ type: 'message', id: 3, flags: [] }], queue_id: 'q' }));
    const error = await rejectionOf(broken.events.get({ queue_id: 'q' }));
    expect(error).toMatchObject({ reason: 'schema-mismatch', issues: [{ path: ['events', 0] }] });
  });

  it('checks the contracts of the table', async () => {
    const client = setup(() => success({ complete: 'yes' }));
    await expect(client.channels.deleteTopic({ stream_id: 1, topic_name: 'x' })).rejects.toMatchObject({
      name: 'ResponseValidationError',
      issues: [{ path: ['complete'] }],
    });
  });

  it('is off by default: the body is returned as received', async () => {
    const client = setup(() => success({ kind: 'round', size: 'large' }), false);
    await expect(client.request(getWidget, { widget_id: 1 })).resolves.toEqual({ kind: 'round', size: 'large' });
  });
});
