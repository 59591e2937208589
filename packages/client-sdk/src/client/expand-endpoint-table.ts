import type { HttpMethod, WireEndpoint, WireParam } from '@teamchat/schema/wire';

/**
 * One row of the SDK's endpoint table: method, path, how each parameter travels, and the
 * other wire spellings of parameters when there are any. The name is the row's key and the path
 * parameters are read from the path, so the table the bundle carries stays small.
 */
export type EndpointRow = readonly [
  method: HttpMethod,
  path: string,
  wire: Readonly<Record<string, WireParam>>,
  aliases?: Readonly<Record<string, string>>,
];

/** The `{name}` parameters of `path`, in path order. */
function pathParamsOf(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
}

/**
 * The rows of `endpoints` (the schema's contract table: every contract is a `WireEndpoint`),
 * keyed by name, and the names of the `outgoing` ones, which get no row. What the SDK's
 * endpoint table holds; the build writes the same rows out as data.
 */
export function endpointRows<TEndpoint extends WireEndpoint>(
  endpoints: readonly TEndpoint[],
): {
  callable: { readonly [N in Exclude<TEndpoint, { direction: 'outgoing' }>['name']]: EndpointRow };
  outgoing: string[];
} {
  const callable: Record<string, EndpointRow> = {};
  const outgoing: string[] = [];
  for (const endpoint of endpoints) {
    if (endpoint.direction === 'outgoing') {
      outgoing.push(endpoint.name);
      continue;
    }
    // The name is the key, and the path parameters are read from the path.
    const { method, path, wire, aliases } = endpoint;
    callable[endpoint.name] =
      aliases && Object.keys(aliases).length > 0 ? [method, path, wire, aliases] : [method, path, wire];
  }
  return {
    callable: callable as { readonly [N in Exclude<TEndpoint, { direction: 'outgoing' }>['name']]: EndpointRow },
    outgoing,
  };
}

/** The rows of the table as {@link WireEndpoint}s, keyed by name as the rows are. */
export function expandEndpointTable<N extends string>(rows: { readonly [K in N]: EndpointRow }): {
  readonly [K in N]: WireEndpoint;
} {
  const table: Record<string, WireEndpoint> = {};
  for (const [name, [method, path, wire, aliases]] of Object.entries<EndpointRow>(rows)) {
    table[name] = { name, method, path, pathParams: pathParamsOf(path), wire, ...(aliases ? { aliases } : {}) };
  }
  return table as { readonly [K in N]: WireEndpoint };
}
