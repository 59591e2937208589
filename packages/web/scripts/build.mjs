// Builds the web app to static files: dist/index.html plus content-hashed assets under
// dist/static/ (the script, the stylesheet, the icon). Everything is bundled: no CDN.
// The server answers index.html for every page of the app (/, /login/, /devlogin/,
// /inspector/) and serves dist/static/* as immutable.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const staticDir = join(dist, 'static');
rmSync(dist, { recursive: true, force: true });
mkdirSync(staticDir, { recursive: true });

const result = await build({
  entryPoints: [join(root, 'src/index.ts')],
  bundle: true,
  minify: process.env.WEB_NO_MINIFY !== '1',
  format: 'esm',
  platform: 'browser',
  // Chromium and Firefox ESR of the last two years.
  target: ['chrome111', 'firefox115'],
  jsx: 'automatic',
  jsxImportSource: 'preact',
  // The SDK as an app bundles it: its build (the root build makes it first), whose endpoint
  // table is data. Its sources work the table out from the zod contracts, which would put
  // zod (about 440 KB) into the page.
  conditions: ['browser', 'import', 'module', 'default'],
  outdir: staticDir,
  entryNames: '[name]-[hash]',
  assetNames: '[name]-[hash]',
  // Assets the stylesheet names (the icon) are files beside it, at /static/.
  loader: { '.svg': 'file' },
  publicPath: '/static',
  sourcemap: 'linked',
  metafile: true,
  legalComments: 'none',
  logLevel: 'warning',
  define: { 'process.env.NODE_ENV': '"production"' },
});

const outputs = Object.keys(result.metafile.outputs).map((path) => basename(path));
const script = outputs.find((name) => /^index-.*\.js$/.test(name));
const style = outputs.find((name) => /^index-.*\.css$/.test(name));
// The icon is the stylesheet's asset (the brand mark) and the page's favicon.
const iconName = outputs.find((name) => /^icon-.*\.svg$/.test(name));
if (!script || !style || !iconName)
  throw new Error(`web build: no script, stylesheet or icon among ${outputs.join(', ')}`);
const zod = Object.keys(result.metafile.inputs).filter((input) => /node_modules\/zod\//.test(input));
if (zod.length > 0)
  throw new Error(
    `web build: zod got into the page (${zod.length} modules, e.g. ${zod[0]}): import the SDK, not @teamchat/schema's contracts`,
  );

// No inline script or style: the server's Content-Security-Policy forbids inline script.
const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>teamchat</title>
<link rel="icon" href="/static/${iconName}" type="image/svg+xml">
<link rel="stylesheet" href="/static/${style}">
<script type="module" src="/static/${script}"></script>
</head>
<body>
<div id="app"><noscript>The teamchat web app needs JavaScript.</noscript></div>
</body>
</html>
`;
writeFileSync(join(dist, 'index.html'), html);
process.stdout.write(`web: dist/index.html, static/${script}, static/${style}, static/${iconName}\n`);
