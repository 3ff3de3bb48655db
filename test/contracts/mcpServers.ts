// Test support: real MCP servers from the npm registry, installed on demand
// into the git-ignored .tools/mcp-servers folder (never into package.json).
// A failed install throws with npm's output: the live tests fail loudly, they
// are never skipped.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

export interface ServerPackage {
  pkg: string;
  version: string;
  /** The entry script inside the package. */
  entry: string;
}

/** The reference memory server, the version the corpus's memory.tools.json was listed from. */
export const MEMORY_SERVER: ServerPackage = { pkg: '@modelcontextprotocol/server-memory', version: '2026.8.31', entry: 'dist/index.js' };

export const TOOLS_DIR = join(__dirname, '..', '..', '.tools', 'mcp-servers');

/** Absolute path of the package's entry script, installing the package first when needed. */
export function ensureMcpServer(spec: ServerPackage): string {
  const root = join(TOOLS_DIR, 'node_modules', ...spec.pkg.split('/'));
  const entry = join(root, spec.entry);
  if (existsSync(entry) && installedVersion(root) === spec.version) return entry;
  mkdirSync(TOOLS_DIR, { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const install = () =>
    spawnSync(npm, ['install', '--no-audit', '--no-fund', '--no-save', '--prefix', TOOLS_DIR, `${spec.pkg}@${spec.version}`], {
      encoding: 'utf8',
      timeout: 240_000,
    });
  // One retry: a registry hiccup should not fail the suite, a real outage still does.
  let res = install();
  if (res.status !== 0 || !existsSync(entry)) res = install();
  if (res.status !== 0 || !existsSync(entry)) {
    throw new Error(`could not install ${spec.pkg}@${spec.version} into ${TOOLS_DIR}:\n${res.error ?? ''}\n${res.stdout}\n${res.stderr}`);
  }
  return entry;
}

function installedVersion(root: string): string | undefined {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return (require(join(root, 'package.json')) as { version?: string }).version;
  } catch {
    return undefined;
  }
}
