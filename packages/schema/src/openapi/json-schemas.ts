import { z } from 'zod';
import type { Endpoint } from '../define-endpoint.js';
import { isFileParam } from '../codec/wire-kind.js';
import { Channel, Subscription } from '../models/channel.js';
import { AnyServerEvent } from '../events/server-event.js';
import { MessageSnapshot } from '../models/message-snapshot.js';
import { EditHistoryEntry, Message, Reaction } from '../models/message.js';
import { Narrow } from '../models/narrow.js';
import { UserPresence } from '../models/presence.js';
import {
  Attachment,
  ChannelFolder,
  CodePlayground,
  CustomProfileField,
  Linkifier,
  NavigationView,
} from '../models/realm-config.js';
import { ServerSettings } from '../models/server-settings.js';
import { Topic } from '../models/topic.js';
import { UserGroup } from '../models/user-group.js';
import { OwnUser, User } from '../models/user.js';

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) as plain data. */
export type JsonSchema = Record<string, unknown>;

/**
 * The resources that become named schemas (`#/components/schemas/<name>`) of response
 * bodies; everything else is written inline where it is used.
 */
const RESPONSE_MODELS: Record<string, z.ZodType> = {
  Attachment,
  Channel,
  ChannelFolder,
  CodePlayground,
  CustomProfileField,
  EditHistoryEntry,
  /** One schema for every event of GET /events: a `oneOf` by `type`, then `op`. */
  Event: AnyServerEvent,
  Linkifier,
  Message,
  MessageSnapshot,
  NavigationView,
  OwnUser,
  Reaction,
  ServerSettings,
  Subscription,
  Topic,
  User,
  UserGroup,
  UserPresence,
};

/** Metadata keys of our own (wire kinds, error wording) that are no JSON Schema keywords. */
const PRIVATE_META = ['wire', 'invalidMessage'];
const SAFE_INTEGER_BOUNDS = [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];

/**
 * Cleans zod's output for an OpenAPI reader: our private metadata goes, integers lose the
 * safe-integer bounds zod adds to every `int()`, and a file parameter becomes binary content.
 */
function override(ctx: { zodSchema: z.core.$ZodTypes; jsonSchema: JsonSchema }): void {
  const schema = ctx.jsonSchema;
  for (const key of PRIVATE_META) delete schema[key];
  if (schema['type'] === 'integer') {
    if (schema['minimum'] === SAFE_INTEGER_BOUNDS[0]) delete schema['minimum'];
    if (schema['maximum'] === SAFE_INTEGER_BOUNDS[1]) delete schema['maximum'];
  }
  if (isFileParam(ctx.zodSchema)) {
    for (const key of Object.keys(schema)) delete schema[key];
    Object.assign(schema, { type: 'string', contentMediaType: 'application/octet-stream' });
  }
}

const COMMON = { target: 'draft-2020-12', unrepresentable: 'any', override } as const;

function withoutDialect(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest;
}

/** Input-side resources (parameters) that are named too: `#/components/schemas/NarrowInput`. */
const PARAM_MODELS: Record<string, z.ZodType> = { NarrowInput: Narrow };

/** The parameters of one contract: a JSON Schema per parameter, and the required ones. */
export interface ParamsJsonSchema {
  properties: Record<string, JsonSchema>;
  required: ReadonlySet<string>;
}

/** The JSON Schemas of a set of contracts, sharing named components. */
export interface ContractJsonSchemas {
  /** Per contract: its parameters as a caller sends them (a parameter with a default is not required). */
  params: Map<string, ParamsJsonSchema>;
  /** Per contract: its success body's fields besides `result` and `msg`. */
  responses: Map<string, JsonSchema>;
  /** The named resources the others refer to (`$ref: #/components/schemas/Message`). */
  components: Record<string, JsonSchema>;
}

const COMPONENT_REF = '#/components/schemas/';

/**
 * Converts, with zod's JSON Schema output, the registered schemas of one direction (`input`
 * for parameters, `output` for responses): named models become components, the others are
 * returned by their ID.
 */
function convert(registry: z.core.$ZodRegistry<{ id: string }>, io: 'input' | 'output'): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(registry, { ...COMMON, io, uri: (id) => `${COMPONENT_REF}${id}` }) as {
    schemas: Record<string, JsonSchema>;
  };
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, withoutDialect(schema)]));
}

/**
 * The JSON Schemas (draft 2020-12) of `endpoints`' parameters and responses, from their zod
 * contracts; the resources of {@link RESPONSE_MODELS} and {@link PARAM_MODELS} are named
 * components that the others refer to.
 */
export function contractJsonSchemas(endpoints: readonly Endpoint[]): ContractJsonSchemas {
  const inputs = z.registry<{ id: string }>();
  const outputs = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(PARAM_MODELS)) inputs.add(schema, { id });
  for (const [id, schema] of Object.entries(RESPONSE_MODELS)) outputs.add(schema, { id });
  for (const endpoint of endpoints) {
    inputs.add(endpoint.params, { id: `params:${endpoint.name}` });
    // A contract may use a model as its whole response: it is then referred to by name.
    if (!outputs.has(endpoint.response)) outputs.add(endpoint.response, { id: `response:${endpoint.name}` });
  }
  const converted = { ...convert(inputs, 'input'), ...convert(outputs, 'output') };
  const params = new Map<string, ParamsJsonSchema>();
  const responses = new Map<string, JsonSchema>();
  for (const endpoint of endpoints) {
    const paramsSchema = converted[`params:${endpoint.name}`] as JsonSchema;
    params.set(endpoint.name, {
      properties: (paramsSchema['properties'] ?? {}) as Record<string, JsonSchema>,
      required: new Set((paramsSchema['required'] ?? []) as string[]),
    });
    const id = outputs.get(endpoint.response)?.id as string;
    responses.set(
      endpoint.name,
      id.startsWith('response:') ? (converted[id] as JsonSchema) : { $ref: `${COMPONENT_REF}${id}` },
    );
  }
  const components = Object.fromEntries(Object.entries(converted).filter(([id]) => !/^(params|response):/.test(id)));
  return { params, responses, components };
}
