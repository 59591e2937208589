import { endpointList, openApiDocument, type Endpoint, type OpenApiDocument } from '@teamchat/schema';

/**
 * The OpenAPI 3.1 document of a server, from the contracts it routes (and the outgoing ones it
 * sends), built on first use and then kept: `serverUrl` only changes its `servers` entry.
 *
 * @example
 * const documentFor = openApiSource(incomingEndpoints);
 * documentFor('http://127.0.0.1:9991/api/v1').paths['/messages']?.get;
 */
export function openApiSource(served: Iterable<Endpoint>): (serverUrl?: string) => OpenApiDocument {
  const endpoints = [...served, ...endpointList.filter((endpoint) => endpoint.direction === 'outgoing')];
  let document: OpenApiDocument | undefined;
  return (serverUrl) => {
    document ??= openApiDocument(endpoints);
    return serverUrl === undefined ? document : { ...document, servers: [{ url: serverUrl }] };
  };
}
