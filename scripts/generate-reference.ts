// `npm run reference` (the last step of `npm run build`): writes the SDK's method reference, a
// static site in docs/reference/ (not committed), from the contract table of @teamchat/schema
// through its OpenAPI document: one page per API area with every method's parameters,
// response fields, errors and feature level, and the link to the page of the real server's API
// documentation that the contract names (`docs`, https://zulip.com/api/…); a page of the events
// of GET /events and one of the named models. A test checks that it covers every contract and
// is what the contracts give now. It reads the schema's sources (run through tsx with the
// `source` condition).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Endpoint } from '@teamchat/schema';
import { escapeHtml, refName, renderType, type JsonSchema } from './reference/render-type.js';

/** Where the site is written. */
export const REFERENCE_DIR: string = fileURLToPath(new URL('../docs/reference/', import.meta.url));

/** What the reference reads of the schema package. */
export interface ReferenceInput {
  /** The callable contracts (`incomingEndpoints`). */
  endpoints: readonly Endpoint[];
  /** `openApiDocument()`. */
  document: { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, JsonSchema> } };
}

const ENVELOPE = new Set(['result', 'msg']);
const WITHOUT_MODEL_PAGE = new Set(['ErrorEnvelope', 'Event']);
const ACCESS: Record<string, string> = {
  public: 'anyone, without credentials',
  optional: 'anyone; authenticated when credentials are sent',
  user: 'any active account, bots included',
  human: 'any active human account (not bots)',
  member: 'members: not guests',
  'human-member': 'human members: not guests, not bots',
  admin: 'administrators and owners',
  owner: 'owners',
};

/** `channelFolders` → `channel-folders.html`. */
function areaFile(area: string): string {
  return `${area.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}.html`;
}

function areaOf(endpoint: Endpoint): string {
  return endpoint.name.slice(0, endpoint.name.indexOf('.'));
}

const modelLink = (name: string): string => (name === 'Event' ? 'event-types.html' : `models.html#${name}`);
const type = (schema: unknown): string => renderType(schema, modelLink);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · teamchat SDK reference</title>
<link rel="stylesheet" href="style.css">
</head>
<body>
<nav><a href="index.html">teamchat SDK reference</a> · <a href="event-types.html">events</a> · <a href="models.html">models</a></nav>
<main>
${body}
</main>
</body>
</html>
`;
}

/** A table, or nothing when there are no rows. */
function table(headers: readonly string[], rows: readonly (readonly string[])[], empty: string): string {
  if (rows.length === 0) return `<p class="none">${empty}</p>`;
  return `<table>\n<thead><tr>${headers.map((h) => `<th>${h}</th>`).join('')}</tr></thead>\n<tbody>\n${rows.map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('\n')}\n</tbody>\n</table>`;
}

interface Param {
  name: string;
  schema: JsonSchema;
  required: boolean;
  where: string;
  aliases: readonly string[];
}

/** The parameters of an operation: path and query ones, then those of a form body. */
function paramsOf(operation: Record<string, unknown>): Param[] {
  const params: Param[] = [];
  for (const raw of (operation['parameters'] as JsonSchema[] | undefined) ?? []) {
    const content = raw['content'] as Record<string, { schema?: JsonSchema }> | undefined;
    params.push({
      name: String(raw['name']),
      schema: (raw['schema'] as JsonSchema | undefined) ?? content?.['application/json']?.schema ?? {},
      required: raw['required'] === true,
      where: raw['in'] === 'path' ? 'path' : 'query',
      aliases: (raw['x-aliases'] as string[] | undefined) ?? [],
    });
  }
  const body = operation['requestBody'] as
    { content?: Record<string, { schema?: JsonSchema; encoding?: Record<string, JsonSchema> }> } | undefined;
  for (const [media, { schema, encoding }] of Object.entries(body?.content ?? {})) {
    const required = new Set((schema?.['required'] as string[] | undefined) ?? []);
    for (const [name, inner] of Object.entries((schema?.['properties'] ?? {}) as Record<string, JsonSchema>)) {
      params.push({
        name,
        schema: inner,
        required: required.has(name),
        where: media.includes('multipart') ? 'multipart' : 'form',
        aliases: (encoding?.[name]?.['x-aliases'] as string[] | undefined) ?? [],
      });
    }
  }
  return params;
}

/** The default of a parameter, as JSON, when it has one. */
function defaultOf(schema: JsonSchema): string | undefined {
  return 'default' in schema ? JSON.stringify(schema['default']) : undefined;
}

/** A schema's own description (`.describe()` in the contract), not the generic wire wording. */
function describe(schema: JsonSchema): string {
  const text = schema['description'];
  return typeof text === 'string' && !/^Sent (as its literal text|JSON-encoded)/.test(text) ? escapeHtml(text) : '';
}

function responseFields(operation: Record<string, unknown>): [string, JsonSchema, boolean][] {
  const ok =
    (
      (operation['responses'] as Record<string, JsonSchema>)['200']?.['content'] as
        Record<string, { schema?: JsonSchema }> | undefined
    )?.['application/json']?.schema ?? {};
  const required = new Set((ok['required'] as string[] | undefined) ?? []);
  return Object.entries((ok['properties'] ?? {}) as Record<string, JsonSchema>)
    .filter(([name]) => !ENVELOPE.has(name))
    .map(([name, schema]) => [name, schema, required.has(name)]);
}

/** `[code, status]` of every error response of an operation. */
function errorsOf(operation: Record<string, unknown>): [string, string][] {
  const errors: [string, string][] = [];
  for (const [status, response] of Object.entries(operation['responses'] as Record<string, JsonSchema>)) {
    if (status === '200') continue;
    const schema = ((response['content'] as Record<string, { schema?: JsonSchema }> | undefined)?.['application/json']
      ?.schema ?? {}) as JsonSchema;
    for (const part of (schema['allOf'] as JsonSchema[] | undefined) ?? []) {
      const codes = ((part['properties'] as Record<string, JsonSchema> | undefined)?.['code']?.['enum'] ??
        []) as string[];
      for (const code of codes) errors.push([code, status]);
    }
  }
  return errors.sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]));
}

/** The link to the real server's page of the operation (`externalDocs`), and the contract's note on it. */
function docsLink(endpoint: Endpoint, operation: Record<string, unknown>): string {
  const url = (operation['externalDocs'] as { url?: string } | undefined)?.url;
  const link = url ? `<a href="${escapeHtml(url)}">${escapeHtml(url.replace(/^https:\/\//, ''))}</a>` : '';
  return [link, escapeHtml(endpoint.docsNote ?? '')].filter(Boolean).join(' ');
}

/** `client.messages.get({ message_id })`: the call with its required parameters. */
function callOf(endpoint: Endpoint, params: readonly Param[]): string {
  const required = params.filter((param) => param.required).map((param) => param.name);
  const args = required.length > 0 ? `{ ${required.join(', ')} }` : params.length > 0 ? '{ … }' : '';
  return `await client.${endpoint.name}(${args})`;
}

function methodSection(endpoint: Endpoint, input: ReferenceInput): string {
  const operation = input.document.paths[endpoint.path]?.[endpoint.method.toLowerCase()] as
    Record<string, unknown> | undefined;
  if (!operation)
    throw new Error(
      `[teamchat reference] ${endpoint.name}: no operation ${endpoint.method} ${endpoint.path} in the OpenAPI document`,
    );
  const params = paramsOf(operation);
  const paramRows = params.map((param) => {
    const fallback = defaultOf(param.schema);
    const presence = param.required
      ? 'required'
      : fallback === undefined
        ? 'optional'
        : `default <code>${escapeHtml(fallback)}</code>`;
    const also =
      param.aliases.length > 0 ? ` (also <code>${param.aliases.map(escapeHtml).join('</code>, <code>')}</code>)` : '';
    return [
      `<code>${escapeHtml(param.name)}</code>${also}`,
      type(param.schema),
      presence,
      param.where,
      describe(param.schema),
    ];
  });
  const fieldRows = responseFields(operation).map(([name, schema, required]) => [
    `<code>${escapeHtml(name)}</code>`,
    type(schema),
    required ? '' : 'optional',
    describe(schema),
  ]);
  const errorRows = errorsOf(operation).map(([code, status]) => [`<code>${escapeHtml(code)}</code>`, status]);
  const facts = [
    ['HTTP', `<code>${endpoint.method} /api/v1${escapeHtml(endpoint.path)}</code>`],
    ['Who may call it', escapeHtml(ACCESS[endpoint.access] ?? endpoint.access)],
    [
      'Feature level',
      endpoint.since === undefined ? 'every server (older than feature levels)' : `since ${endpoint.since}`,
    ],
    ['Zulip API documentation', docsLink(endpoint, operation) || '—'],
    ...(endpoint.deprecated ? [['Deprecated', `use ${escapeHtml(endpoint.deprecated)}`]] : []),
  ];
  return `<section id="${escapeHtml(endpoint.name)}">
<h2><a href="#${escapeHtml(endpoint.name)}">client.${escapeHtml(endpoint.name)}</a></h2>
<p>${escapeHtml(endpoint.summary)}</p>
<pre><code>${escapeHtml(callOf(endpoint, params))}</code></pre>
<dl>
${facts.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join('\n')}
</dl>
<h3>Parameters</h3>
${table(['name', 'type', '', 'sent in', ''], paramRows, 'None.')}
<h3>Response</h3>
${table(['field', 'type', '', ''], fieldRows, 'No fields besides <code>result</code> and <code>msg</code>.')}
<h3>Errors</h3>
${table(['code', 'HTTP status'], errorRows, 'None of its own.')}
</section>`;
}

function indexPage(areas: Map<string, Endpoint[]>): string {
  const count = [...areas.values()].reduce((sum, list) => sum + list.length, 0);
  const lists = [...areas].map(
    ([area, list]) =>
      `<h2 id="${escapeHtml(area)}"><a href="${areaFile(area)}">${escapeHtml(area)}</a></h2>\n<ul>\n${list
        .map(
          (endpoint) =>
            `<li><a href="${areaFile(area)}#${escapeHtml(endpoint.name)}"><code>client.${escapeHtml(endpoint.name)}</code></a> — ${escapeHtml(endpoint.summary)}</li>`,
        )
        .join('\n')}\n</ul>`,
  );
  return page(
    'Methods',
    `<h1>The methods of <code>@teamchat/client-sdk</code></h1>
<p>${count} methods, one per contract of <code>@teamchat/schema</code>, in ${areas.size} areas. The contract
<code>messages.list</code> is the method <code>client.messages.list(params, options)</code>: <code>params</code> as the
tables show them (optional when every parameter is), <code>options</code> <code>{ signal, timeoutMs }</code>. A method
resolves with the response fields and throws <code>ApiError</code> (<code>code</code>, <code>msg</code>, <code>status</code>)
for an error answer. Generated from the contracts by <code>npm run reference</code>; the events of
<code>watchEvents</code> are on <a href="event-types.html">their own page</a>.</p>
${lists.join('\n')}`,
  );
}

/** The models of the events in the OpenAPI document's `Event` schema, in its order. */
function eventModels(schema: JsonSchema): JsonSchema[] {
  const found: JsonSchema[] = [];
  const walk = (node: JsonSchema): void => {
    const properties = node['properties'] as Record<string, JsonSchema> | undefined;
    if (properties?.['type'] && 'const' in properties['type']) found.push(node);
    for (const key of ['anyOf', 'oneOf'])
      for (const inner of (node[key] as JsonSchema[] | undefined) ?? []) walk(inner);
  };
  walk(schema);
  return found;
}

function eventsPage(input: ReferenceInput): string {
  const events = eventModels(input.document.components.schemas['Event'] ?? {});
  const sections = events.map((event) => {
    const properties = event['properties'] as Record<string, JsonSchema>;
    const required = new Set((event['required'] as string[] | undefined) ?? []);
    const name = `${String(properties['type']?.['const'])}${properties['op'] ? ` / ${String(properties['op']['const'])}` : ''}`;
    const id = name.replace(' / ', '.');
    const rows = Object.entries(properties)
      .filter(([field]) => field !== 'type' && field !== 'op' && field !== 'id')
      .map(([field, schema]) => [
        `<code>${escapeHtml(field)}</code>`,
        type(schema),
        required.has(field) ? '' : 'optional',
      ]);
    return `<section id="${escapeHtml(id)}">\n<h2><a href="#${escapeHtml(id)}">${escapeHtml(name)}</a></h2>\n${table(['field', 'type', ''], rows, 'No fields besides <code>type</code> and <code>id</code>.')}\n</section>`;
  });
  return page(
    'Events',
    `<h1>Events</h1>
<p>What <code>watchEvents</code> yields (and <code>client.events.get</code> answers): ${events.length} kinds of event, a union
discriminated by <code>type</code> and then, for the types that have several, by <code>op</code>. Every event also has
<code>id</code>. Narrowing gives the fields below: <code>if (event.type === 'stream' &amp;&amp; event.op === 'create') event.streams</code>.
A newer server may send other types and ops; they arrive as they are. The real server's list:
<a href="https://zulip.com/api/get-events">zulip.com/api/get-events</a>.</p>
${sections.join('\n')}`,
  );
}

function modelsPage(input: ReferenceInput): string {
  const sections = Object.entries(input.document.components.schemas)
    .filter(([name]) => !WITHOUT_MODEL_PAGE.has(name))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, schema]) => {
      const properties = (schema['properties'] ?? {}) as Record<string, JsonSchema>;
      const required = new Set((schema['required'] as string[] | undefined) ?? []);
      const rows = Object.entries(properties).map(([field, inner]) => [
        `<code>${escapeHtml(field)}</code>`,
        type(inner),
        required.has(field) ? '' : 'optional',
      ]);
      const body = rows.length > 0 ? table(['field', 'type', ''], rows, '') : `<p>${type(schema)}</p>`;
      return `<section id="${escapeHtml(name)}">\n<h2><a href="#${escapeHtml(name)}">${escapeHtml(refName(name))}</a></h2>\n${body}\n</section>`;
    });
  return page(
    'Models',
    `<h1>Models</h1>\n<p>The resources the methods' parameters and responses name. Types from <code>@teamchat/schema</code> (<code>import type { Message } from '@teamchat/schema'</code>); objects accept fields a newer server adds.</p>\n${sections.join('\n')}`,
  );
}

const STYLE = `:root { color-scheme: light dark; --fg: #1d1d1f; --bg: #fff; --muted: #666; --line: #ddd; --code: #f4f4f6; --link: #0b5cad; }
@media (prefers-color-scheme: dark) { :root { --fg: #e8e8ea; --bg: #16171a; --muted: #a0a0a8; --line: #33343a; --code: #222329; --link: #7ab8ff; } }
body { margin: 0; font: 15px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
nav { padding: .6rem 1.2rem; border-bottom: 1px solid var(--line); }
main { max-width: 62rem; padding: 0 1.2rem 4rem; }
a { color: var(--link); }
code, pre { font: 13px/1.4 ui-monospace, monospace; background: var(--code); border-radius: 3px; }
code { padding: 0 .2em; }
pre { padding: .5rem .7rem; overflow-x: auto; }
section { border-top: 1px solid var(--line); margin-top: 2rem; }
h1 code { font-size: inherit; background: none; }
h2 a { color: inherit; text-decoration: none; font-family: ui-monospace, monospace; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }
dt { color: var(--muted); }
dd { margin: 0; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; vertical-align: top; padding: .25rem .5rem; border-bottom: 1px solid var(--line); }
th { color: var(--muted); font-weight: normal; }
.none { color: var(--muted); }
`;

/** Every file of the site: name → content. */
export function renderReference(input: ReferenceInput): Map<string, string> {
  const areas = new Map<string, Endpoint[]>();
  for (const endpoint of input.endpoints)
    areas.set(areaOf(endpoint), [...(areas.get(areaOf(endpoint)) ?? []), endpoint]);
  const files = new Map<string, string>([
    ['style.css', STYLE],
    ['index.html', indexPage(areas)],
    ['event-types.html', eventsPage(input)],
    ['models.html', modelsPage(input)],
  ]);
  for (const [area, list] of areas) {
    if (files.has(areaFile(area)))
      throw new Error(`[teamchat reference] the area ${area} would overwrite ${areaFile(area)}`);
    files.set(
      areaFile(area),
      page(
        area,
        `<h1><code>client.${escapeHtml(area)}</code></h1>\n${list.map((endpoint) => methodSection(endpoint, input)).join('\n')}`,
      ),
    );
  }
  return files;
}

/** The site as the schema package describes it now. */
export async function currentReference(): Promise<Map<string, string>> {
  const { incomingEndpoints, openApiDocument } = await import('@teamchat/schema');
  return renderReference({
    endpoints: incomingEndpoints,
    document: openApiDocument() as unknown as ReferenceInput['document'],
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const files = await currentReference();
  // The folder holds the site alone: files of areas that went away go too.
  rmSync(REFERENCE_DIR, { recursive: true, force: true });
  mkdirSync(REFERENCE_DIR, { recursive: true });
  for (const [name, content] of files) writeFileSync(join(REFERENCE_DIR, name), content);
  process.stdout.write(`wrote ${readdirSync(REFERENCE_DIR).length} files to ${REFERENCE_DIR}\n`);
}
