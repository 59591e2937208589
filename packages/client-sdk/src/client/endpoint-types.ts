import type {
  Endpoint,
  EndpointInput,
  EndpointResult,
  IncomingEndpointName,
  IncomingEndpoints,
} from '@teamchat/schema';

/** Per-call options of every SDK method. */
export interface RequestOptions {
  /** Aborts the call, waiting for retries included; the call rejects with the abort reason. */
  signal?: AbortSignal | undefined;
  /** Time limit of each attempt for this call, overriding the client's `timeoutMs`; `false` for none. */
  timeoutMs?: number | false | undefined;
}

/**
 * Names of the contracts the SDK can call: the schema's `IncomingEndpointName`. Contracts with
 * `direction: 'outgoing'` describe what the server sends to an integration (the
 * outgoing-webhook payload); they are not requests and have no SDK method.
 */
export type ClientEndpointName = IncomingEndpointName;

// The empty parameter object: `NoParameters extends P` holds when no parameter is required.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
type NoParameters = {};

/** Arguments of an endpoint method: the parameter object is optional when every parameter is. */
export type EndpointArgs<E extends Endpoint> =
  NoParameters extends EndpointInput<E>
    ? [params?: EndpointInput<E>, options?: RequestOptions]
    : [params: EndpointInput<E>, options?: RequestOptions];

/** A generated method: `client.messages.get({ message_id })`. */
export type EndpointMethod<E extends Endpoint> = (...args: EndpointArgs<E>) => Promise<EndpointResult<E>>;

/** The area of a contract name: `users` for `users.list`. */
export type AreaOf<N extends string> = N extends `${infer A}.${string}` ? A : never;

/** The methods of one area: `{ list, me }` for `users`. */
export type AreaMethods<A extends string> = {
  readonly [N in ClientEndpointName as N extends `${A}.${infer M}` ? M : never]: EndpointMethod<IncomingEndpoints[N]>;
};

/** Every area namespace of the client, generated from the contract table. */
export type EndpointNamespaces = {
  readonly [A in AreaOf<ClientEndpointName>]: AreaMethods<A>;
};

/**
 * `client.request`: calls any contract by name or by contract object (for contracts of your
 * own made with `defineEndpoint`).
 */
export interface RequestFunction {
  <N extends ClientEndpointName>(
    name: N,
    ...args: EndpointArgs<IncomingEndpoints[N]>
  ): Promise<EndpointResult<IncomingEndpoints[N]>>;
  <E extends Endpoint>(endpoint: E, ...args: EndpointArgs<E>): Promise<EndpointResult<E>>;
}
