import type { HttpMethod, WireEndpoint, WireParam } from '@teamchat/schema/wire';

/**
 * One row of the generated endpoint table: method, path, how each parameter travels, and the
 * other wire spellings of parameters when there are any. The name is the row's key and the path
 * parameters are read from the path, so the table the bundle carries stays small.
 */
export type EndpointRow = readonly [method: HttpMethod, path: string, wire: Readonly<Record<string, WireParam>>, aliases?: Readonly<Record<string, string>>];

/** The `{name}` parameters of `path`, in path order. */
function pathParamsOf(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
}

/** The rows of the generated table as {@link WireEndpoint}s, keyed by name as the rows are. */
export function expandEndpointTable<N extends string>(rows: { readonly [K in N]: EndpointRow }): { readonly [K in N]: WireEndpoint } {
  const table: Record<string, WireEndpoint> = {};
  for (const [name, [method, path, wire, aliases]] of Object.entries<EndpointRow>(rows)) {
    table[name] = { name, method, path, pathParams: pathParamsOf(path), wire, ...(aliases ? { aliases } : {}) };
  }
  return table as { readonly [K in N]: WireEndpoint };
}
