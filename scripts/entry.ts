// Whether this process was started for the named script. `require.main ===
// module` cannot tell once scripts are bundled together (every module then
// shares the bundle's `module`), so look at the launched file's name:
// scripts/bench.ts under tsx, or a bundle named bench.js.
import * as path from 'node:path';

export function launchedAs(script: string): boolean {
  const launched = path.basename(process.argv[1] ?? '').replace(/\.(ts|js|cjs|mjs)$/, '');
  return launched === script;
}

/** The repository root: set by the bundled runner, else the folder above scripts/. */
export function repoRoot(): string {
  return process.env.ILO_REPO_ROOT ?? path.join(__dirname, '..');
}
