// Bundles the extension client, the language server and the CLI with esbuild.
//
// Start-up time is part of the product (every `ilo-ls check` and every server
// start pays it), so what a process does not need is kept out of its bundle:
//  - the MCP SDK (with zod and ajv) is its own bundle, dist/mcp-sdk.js, which
//    server and CLI require on the first MCP listing (mcpClient.ts imports it
//    lazily); the SDK paths our code imports are collected while bundling;
//  - the CLI starts the language server by requiring dist/server.js, so
//    `ilo-ls check` never loads the LSP libraries;
//  - the lexical grammar comes compiled (grammarRecipe.mjs);
//  - dist/cli.js is a small loader (bundleLoader.cjs) that runs the CLI bundle
//    (cli-main.js) through a V8 code cache, so `ilo-ls check` does not compile
//    the whole bundle again. The server is not loaded this way: its start
//    gained nothing measurable and its first keystroke in a workspace lost
//    about 5 ms (functions from the cache run slower the first time).
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { grammarDefines } from './grammarRecipe.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** What the CLI bundle is wrapped in: a function of the module's parameters, as node wraps a CommonJS module (bundleLoader.cjs calls it). */
const BUNDLE_WRAPPER_HEAD = '(function (exports, require, module, __filename, __dirname) { ';
const BUNDLE_WRAPPER_TAIL = '\n});\n';
const production = process.argv.includes('--production');
// `--outdir=DIR`: the bundles go there instead of dist/ (the bench builds the production bundles apart).
const outdir = process.argv.find((a) => a.startsWith('--outdir='))?.slice('--outdir='.length) ?? join(root, 'dist');
const common = {
  bundle: true,
  platform: 'node',
  target: 'node18',
  format: 'cjs',
  sourcemap: production ? false : 'linked',
  minify: production,
  // Without the whitespace the bundles are a quarter smaller, which every process start reads and
  // pre-parses (an uncached 18-line CLI check: about 8 ms of 150); names stay, so stack traces stay readable.
  minifyWhitespace: true,
  logLevel: 'warning',
  absWorkingDir: root,
  // The lexical grammar, compiled now rather than at every start (see grammarRecipe.mjs).
  define: grammarDefines(root),
  // Lazy `import()`s become `require`s, so the bundles beside this one load as CommonJS.
  supported: { 'dynamic-import': false },
};

/** SDK module paths imported by our code (filled while the server and CLI are bundled). */
const sdkPaths = new Set();
const SDK_BUNDLE = 'mcp-sdk.js';

/** Imports of the MCP SDK become `require('./mcp-sdk.js')`, a bundle beside this one. */
const sdkOutside = {
  name: 'mcp-sdk-outside',
  setup(b) {
    b.onResolve({ filter: /^@modelcontextprotocol\/sdk\// }, (args) => {
      sdkPaths.add(args.path);
      return { path: `./${SDK_BUNDLE}`, external: true };
    });
  },
};

/** The CLI's `import('./main')` (serve over stdio) becomes `require('./server.js')`. */
const serverOutside = {
  name: 'server-outside',
  setup(b) {
    b.onResolve({ filter: /^\.\/main$/ }, (args) =>
      args.importer.endsWith(join('server', 'src', 'cli.ts')) ? { path: './server.js', external: true } : undefined,
    );
  },
};

/**
 * `import * as fs from 'node:fs'` in a CommonJS bundle becomes a fresh copy
 * of the module's properties at every importing module (esbuild's __toESM):
 * some forty copies of fs and path at every start. Each builtin imported this
 * way is one shared ES module re-exporting it instead, copied once.
 */
const builtinNamespaces = {
  name: 'builtin-namespaces',
  setup(b) {
    b.onResolve({ filter: /^node:(fs|path|os)$/ }, (args) =>
      args.namespace === 'builtin-ns' ? { path: args.path, external: true } : { path: args.path, namespace: 'builtin-ns' },
    );
    b.onLoad({ filter: /.*/, namespace: 'builtin-ns' }, (args) => ({ contents: `export * from ${JSON.stringify(args.path)};`, loader: 'js' }));
  },
};

// The tokenizer (megabytes of ranks data) is a bundle of its own that the
// server and the CLI load only when they first count tokens
// (server/src/measure/tokenCount.ts); they never bundle the package itself.
const tokenizerOutside = ['gpt-tokenizer'];

mkdirSync(outdir, { recursive: true });
await Promise.all([
  build({ ...common, entryPoints: ['client/src/extension.ts'], outfile: join(outdir, 'client.js'), external: ['vscode'] }),
  build({ ...common, entryPoints: ['server/src/main.ts'], outfile: join(outdir, 'server.js'), external: tokenizerOutside, plugins: [sdkOutside, builtinNamespaces] }),
  build({
    ...common,
    entryPoints: ['server/src/cli.ts'],
    outfile: join(outdir, 'cli-main.js'),
    external: tokenizerOutside,
    plugins: [sdkOutside, serverOutside, builtinNamespaces],
  }),
  build({ ...common, entryPoints: ['server/src/measure/o200k.ts'], outfile: join(outdir, 'tokenizer.js'), sourcemap: false }),
]);
// One module holding every SDK export our code imports (the paths' exports do not clash).
await build({
  ...common,
  stdin: {
    contents: `module.exports = Object.assign({}, ${[...sdkPaths].sort().map((p) => `require(${JSON.stringify(p)})`).join(', ')});`,
    resolveDir: root,
    sourcefile: 'mcp-sdk-entry.js',
  },
  outfile: join(outdir, SDK_BUNDLE),
});
// The whole ohm grammar (strict path, tooling) is compiled at run time from beside the bundle.
copyFileSync(join(root, 'server/src/syntax/ilo.ohm'), join(outdir, 'ilo.ohm'));
// The CLI's entry point: the loader, which finds its bundle by its own name.
// It is told what it will load, so a start needs no stat of the bundle and no
// pass over it: the bundle's length, a hash of its content (which names its
// code cache) and whether it is ASCII (then it is read as latin1).
const loader = readFileSync(join(root, 'scripts/bundleLoader.cjs'), 'utf8');
// The bundle is written as the function the loader calls (the wrapper node puts around a CommonJS
// module): the loader compiles the file's text as it is, where wrapping it at every start made V8
// copy the whole megabyte into one flat string first.
const main = readFileSync(join(outdir, 'cli-main.js'), 'latin1');
writeFileSync(join(outdir, 'cli-main.js'), `${BUNDLE_WRAPPER_HEAD}${main}${BUNDLE_WRAPPER_TAIL}`, 'latin1');
const bundle = readFileSync(join(outdir, 'cli-main.js'));
const stamp = {
  length: bundle.toString('latin1').length,
  hash: createHash('sha256').update(bundle).digest('hex').slice(0, 16),
  ascii: bundle.every((b) => b < 0x80),
};
writeFileSync(join(outdir, 'cli.js'), `#!/usr/bin/env node\n'use strict';\nconst ILO_BUNDLE_STAMP = ${JSON.stringify(stamp)};\n${loader}`);
chmodSync(join(outdir, 'cli.js'), 0o755);
