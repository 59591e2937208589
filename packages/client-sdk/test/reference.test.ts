import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { incomingEndpoints } from '@teamchat/schema';
import { describe, expect, it } from 'vitest';
import { currentReference, REFERENCE_DIR } from '../../../scripts/generate-reference.js';
import { escapeHtml } from '../../../scripts/reference/render-type.js';

const site = await currentReference();
const written = (name: string) => readFileSync(join(REFERENCE_DIR, name), 'utf8');

describe('the method reference (docs/reference/)', () => {
  it('is written by the build, as the contracts give it now (after changing a contract: `npm run build`, or `npm run reference`)', () => {
    expect(
      existsSync(REFERENCE_DIR),
      'docs/reference is missing: run `npm run build` (its last step is `npm run reference`)',
    ).toBe(true);
    expect(readdirSync(REFERENCE_DIR).sort(), 'the files of docs/reference: run `npm run reference`').toEqual(
      [...site.keys()].sort(),
    );
    for (const [name, content] of site)
      expect(
        written(name) === content,
        `docs/reference/${name} is older than the contracts: run \`npm run reference\``,
      ).toBe(true);
  });

  it('has every callable contract as a method, with its parameters, response, errors, feature level and documentation page', () => {
    const index = written('index.html');
    for (const endpoint of incomingEndpoints) {
      const area = endpoint.name
        .slice(0, endpoint.name.indexOf('.'))
        .replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
      const html = written(`${area}.html`);
      const start = html.indexOf(`<section id="${endpoint.name}">`);
      expect(start, `${endpoint.name} in ${area}.html`).toBeGreaterThan(0);
      const section = html.slice(start, html.indexOf('</section>', start));
      expect(index, endpoint.name).toContain(`href="${area}.html#${endpoint.name}"`);
      expect(section).toContain(`<code>${endpoint.method} /api/v1${endpoint.path}</code>`);
      expect(section).toContain(endpoint.since === undefined ? 'older than feature levels' : `since ${endpoint.since}`);
      for (const name of Object.keys(endpoint.params.shape))
        expect(section, `${endpoint.name} parameter ${name}`).toContain(`<code>${name}</code>`);
      for (const code of endpoint.errors)
        expect(section, `${endpoint.name} error ${code}`).toContain(`<code>${code}</code>`);
      if (endpoint.docs) expect(section).toContain(`href="https://zulip.com/api/${endpoint.docs}"`);
      else
        expect(
          endpoint.docsNote,
          `${endpoint.name}: the contract names its page of zulip.com/api (docs), or says why there is none (docsNote)`,
        ).toBeTruthy();
      if (endpoint.docsNote) expect(section).toContain(escapeHtml(endpoint.docsNote));
    }
  });

  it('has a section for every event type and op, and is linked from the SDK README', () => {
    const events = written('event-types.html');
    for (const id of [
      'heartbeat',
      'message',
      'stream.create',
      'subscription.peer_add',
      'user_group.add_members',
      'realm.update_dict',
    ])
      expect(events).toContain(`<section id="${id}">`);
    expect(readFileSync(join(REFERENCE_DIR, '../../packages/client-sdk/README.md'), 'utf8')).toContain(
      '(../../docs/reference/index.html)',
    );
  });
});
