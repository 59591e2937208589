#!/usr/bin/env node
// The SDK as a browser app bundles it: pages bundled by esbuild (browser, ESM, minified) from
// the built packages (`npm run build` first), measured minified and gzipped, beside their
// budgets and the anchors of issue 16. `npm run bench` prints this table first;
// `node bench/bundle-size.mjs` prints only it, `--json` as JSON (what the size test of
// `npm test` reads), and exits 1 when a page is over its budget or holds zod where it must not;
// `--update-readme` writes the size of the page with every export into the SDK's README, the
// one figure it prints (the size test checks that figure against the measure).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const KB = 1024;

/**
 * The measured pages. `budget` is the most the page may weigh gzipped; `zodFree` pages fail
 * when zod (or the schema's contracts) gets into them.
 */
export const PAGES = [
  {
    name: 'one method',
    description: 'createClient + client.users.list()',
    source: `import { createClient } from '@teamchat/client-sdk';
const client = createClient({ site: location.origin, email: 'a@example.com', apiKey: 'key' });
client.users.list().then((result) => console.log(result));`,
    budget: 20 * KB,
    zodFree: true,
  },
  {
    name: 'every export',
    description: 'import * as sdk: every endpoint method and helper',
    source: `import * as sdk from '@teamchat/client-sdk';
globalThis.sdk = sdk;`,
    // Every operation the real server documents (issue 18) fits in 20 KB with the compact table.
    budget: 20 * KB,
    zodFree: true,
  },
  {
    name: 'with validateResponses',
    description: 'one method + the validateResponses() plugin (brings zod and the contracts)',
    source: `import { createClient } from '@teamchat/client-sdk';
import { validateResponses } from '@teamchat/client-sdk/validate';
const client = createClient({ site: location.origin, email: 'a@example.com', apiKey: 'key', plugins: [validateResponses()] });
client.users.list().then((result) => console.log(result));`,
    budget: undefined,
    zodFree: false,
  },
];

/** Figures of other clients, measured the same way (issue 16): for comparison only. */
export const ANCHORS = [
  { name: 'teamchat SDK before (one method)', minified: 502 * KB, gzipped: 108 * KB },
  { name: '@octokit/rest (~1000 endpoint methods)', gzipped: 21 * KB },
  { name: '@octokit/core', gzipped: 8 * KB },
  { name: 'ky', gzipped: 5 * KB },
];

/** Bundles and measures every page: `{ name, description, minified, gzipped, budget, zodInputs, problems }`. */
export async function measureBundles() {
  const dist = `${root}packages/client-sdk/dist/index.js`;
  if (!existsSync(dist))
    throw new Error(`${dist} is missing: run \`npm run build\` first (the pages bundle the built packages).`);
  const results = [];
  for (const page of PAGES) {
    const output = await build({
      stdin: { contents: page.source, resolveDir: root, loader: 'js', sourcefile: `${page.name}.js` },
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const bytes = output.outputFiles[0].contents;
    const gzipped = gzipSync(bytes).length;
    const zodInputs = Object.keys(output.metafile.inputs).filter((input) => /node_modules\/zod\//.test(input));
    const problems = [];
    if (page.budget !== undefined && gzipped > page.budget) {
      problems.push(`${formatKb(gzipped)} gzipped is over its budget of ${formatKb(page.budget)}`);
    }
    if (page.zodFree && zodInputs.length > 0)
      problems.push(`holds zod (${zodInputs.length} modules, e.g. ${zodInputs[0]})`);
    results.push({
      name: page.name,
      description: page.description,
      minified: bytes.length,
      gzipped,
      budget: page.budget,
      zodInputs: zodInputs.length,
      problems,
    });
  }
  return results;
}

function formatKb(bytes) {
  return `${(bytes / KB).toFixed(1)} KB`;
}

/** The table `npm run bench` prints. */
export function formatBundleReport(results) {
  const rows = [
    ['SDK in a browser bundle', 'minified', 'gzipped', 'budget (gz)', ''],
    ...results.map((r) => [
      `teamchat: ${r.name}`,
      formatKb(r.minified),
      formatKb(r.gzipped),
      r.budget === undefined ? '-' : formatKb(r.budget),
      r.problems.length > 0 ? `FAIL: ${r.problems.join('; ')}` : 'ok',
    ]),
    ...ANCHORS.map((a) => [
      `anchor: ${a.name}`,
      a.minified === undefined ? '' : formatKb(a.minified),
      formatKb(a.gzipped),
      '',
      '',
    ]),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const lines = rows.map((row) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
      .join('  ')
      .trimEnd(),
  );
  return `${lines.join('\n')}\n(esbuild --bundle --minify --platform=browser --format=esm from the built packages; gzip at zlib's default level. Anchors: issue 16, measured the same way.)\n`;
}

/** The SDK's README, which prints one figure: the gzipped size of the page with every export. */
export const SDK_README = `${root}packages/client-sdk/README.md`;
const README_FIGURE = /<!-- bundle-size -->([\d.]+) KB<!-- \/bundle-size -->/;

/** The figure the SDK's README prints, in bytes (to 0.1 KB). */
export function readmeFigure(text = readFileSync(SDK_README, 'utf8')) {
  const match = README_FIGURE.exec(text);
  if (!match) throw new Error(`${SDK_README} has no <!-- bundle-size -->…<!-- /bundle-size --> figure`);
  return Number(match[1]) * KB;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const results = await measureBundles();
  process.stdout.write(
    process.argv.includes('--json') ? `${JSON.stringify(results, null, 2)}\n` : formatBundleReport(results),
  );
  process.exitCode = results.some((r) => r.problems.length > 0) ? 1 : 0;
  // `--update-readme`: the SDK's README prints the size of the page with every export, as measured here.
  if (process.argv.includes('--update-readme')) {
    const everything = results.find((r) => r.name === 'every export');
    const text = readFileSync(SDK_README, 'utf8');
    readmeFigure(text);
    writeFileSync(
      SDK_README,
      text.replace(
        README_FIGURE,
        `<!-- bundle-size -->${formatKb(everything.gzipped).replace(' KB', '')} KB<!-- /bundle-size -->`,
      ),
    );
    process.stderr.write(`${SDK_README}: ${formatKb(everything.gzipped)}\n`);
  }
}
