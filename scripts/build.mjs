// Bundles the extension client, the language server and the CLI with esbuild.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, chmodSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const production = process.argv.includes('--production');
const common = {
  bundle: true,
  platform: 'node',
  target: 'node18',
  format: 'cjs',
  sourcemap: production ? false : 'linked',
  minify: production,
  logLevel: 'warning',
  absWorkingDir: root,
};

// The tokenizer (megabytes of ranks data) is a bundle of its own that the
// server and the CLI load only when they first count tokens
// (server/src/measure/tokenCount.ts); they never bundle the package itself.
const tokenizerOutside = ['gpt-tokenizer'];

mkdirSync(join(root, 'dist'), { recursive: true });
await Promise.all([
  build({ ...common, entryPoints: ['client/src/extension.ts'], outfile: 'dist/client.js', external: ['vscode'] }),
  build({ ...common, entryPoints: ['server/src/main.ts'], outfile: 'dist/server.js', external: tokenizerOutside }),
  build({
    ...common,
    entryPoints: ['server/src/cli.ts'],
    outfile: 'dist/cli.js',
    banner: { js: '#!/usr/bin/env node' },
    external: tokenizerOutside,
  }),
  build({ ...common, entryPoints: ['server/src/measure/o200k.ts'], outfile: 'dist/tokenizer.js', sourcemap: false }),
]);
// The ohm grammar is read at run time from beside the bundle.
copyFileSync(join(root, 'server/src/syntax/ilo.ohm'), join(root, 'dist/ilo.ohm'));
chmodSync(join(root, 'dist/cli.js'), 0o755);
