// Runs every test file under test/ (except the in-VS-Code e2e suite) with
// node's built-in test runner; TypeScript is loaded through tsx.
import { readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2);

function collect(dir, out) {
  for (const entry of readdirSync(dir)) {
    const p = join(dir, entry);
    if (statSync(p).isDirectory()) {
      if (entry !== 'e2e' && entry !== 'fixtures') collect(p, out);
    } else if (entry.endsWith('.test.ts')) {
      out.push(relative(root, p));
    }
  }
  return out;
}

const files = collect(join(root, 'test'), []).filter((f) => only.length === 0 || only.some((o) => f.includes(o)));
if (files.length === 0) {
  console.error('run-tests: no test files found');
  process.exit(1);
}
const res = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...files], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(res.status ?? 1);
