// The bench's reference ratio: `ilo-ls check` of a 5,000-line file ÷ the
// reference `ilo` 0.11.6 on the same file, whole processes.
//
// The bench's usual 5,000-line file (bench.ts bigDocument) repeats every
// corpus example, including those with errors, so the reference rejects it
// (ILO-P003 at line 677, then ILO-T002 for every repeated function): it would
// stop early and the ratio would flatter it. The ratio is therefore taken on
// a file the reference accepts: the clean examples (their recorded verdict is
// exit 0, and they `use` no other file), each copy's top-level names given a
// suffix naming the program and the copy so that no name is declared twice. The reference checks
// each program once before it goes in, and the whole file at the end.

import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { exampleNames, examplesDir } from './corpusReader';

/** The reference binary: ILO_BIN, else ../shared/reference/bin/ilo beside the repository, else `ilo` on PATH. */
export function referenceBinary(root: string): string | undefined {
  if (process.env.ILO_BIN) return process.env.ILO_BIN;
  const shared = path.join(root, '..', 'shared', 'reference', 'bin', 'ilo');
  try {
    fs.accessSync(shared, fs.constants.X_OK);
    return shared;
  } catch {
    // not there: try PATH
  }
  return spawnSync('sh', ['-c', 'command -v ilo'], { stdio: 'ignore' }).status === 0 ? 'ilo' : undefined;
}

/** The reference's arguments for checking FILE: parse, verify and format (`-j FILE --dense`), or ILO_REF_ARGS with FILE in place of `{}`. */
export function referenceArgs(file: string): string[] {
  const spec = process.env.ILO_REF_ARGS ?? '-j {} --dense';
  const args = spec.split(' ').filter((a) => a !== '');
  return args.includes('{}') ? args.map((a) => (a === '{}' ? file : a)) : [file, ...args];
}

const TOP_LEVEL_NAME = /^(?:type\s+|tool\s+|alias\s+)?([a-z][a-z0-9-]*)/;

/** Names a program declares at top level (functions, tools, types, aliases). */
function declaredNames(text: string): string[] {
  const names = new Set<string>();
  for (const line of text.split('\n')) {
    if (line === '' || /^[\s}]/.test(line) || line.startsWith('--')) continue;
    // Several declarations may share a line: `h a:n>n;*a 2 main x:n>n;h x` is rare in the examples; take the first.
    const m = TOP_LEVEL_NAME.exec(line);
    if (m && m[1] !== 'use') names.add(m[1]);
  }
  return [...names];
}

/** `text` with every whole-word occurrence of its top-level names given `suffix` (text literals and comments included: harmless). */
function renamed(text: string, names: readonly string[], suffix: string): string {
  if (names.length === 0) return text;
  const escaped = names.map((n) => n.replace(/[-]/g, '\\-')).sort((a, b) => b.length - a.length);
  const re = new RegExp(`(?<![A-Za-z0-9_-])(${escaped.join('|')})(?![A-Za-z0-9_-])`, 'g');
  return text.replace(re, `$1${suffix}`);
}

function accepts(bin: string, dir: string, text: string): boolean {
  const file = path.join(dir, 'probe.ilo');
  fs.writeFileSync(file, text);
  const r = spawnSync(bin, referenceArgs('probe.ilo'), { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], timeout: 30_000, encoding: 'utf8' });
  return r.status === 0 && !/"severity":"error"/.test(r.stderr ?? '');
}

/**
 * A file of about `lines` lines the reference accepts, from the clean corpus
 * examples (see above); undefined when it cannot be built.
 */
export function acceptedBigDocument(corpus: string, bin: string, lines = 5000): { text: string; programs: number } | undefined {
  const ex = examplesDir(corpus);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-bench-accepted-'));
  try {
    const programs: Array<{ text: string; names: string[] }> = [];
    for (const f of exampleNames(corpus)) {
      const text = fs.readFileSync(path.join(ex, f), 'utf8').trimEnd();
      const expected = path.join(ex, f.replace(/\.ilo$/, '.expected.json'));
      if (!fs.existsSync(expected) || (JSON.parse(fs.readFileSync(expected, 'utf8')) as { exit: number }).exit !== 0) continue;
      if (/^use\s/m.test(text)) continue;
      const names = declaredNames(text);
      if (names.length === 0 || !accepts(bin, dir, renamed(text, names, '-e0c0'))) continue;
      programs.push({ text, names });
    }
    if (programs.length === 0) return undefined;
    const parts: string[] = [];
    let count = 0;
    for (let i = 0; count < lines; i++) {
      const k = i % programs.length;
      const p = programs[k];
      // Two examples may declare the same name: the suffix names the program and the copy.
      const t = renamed(p.text, p.names, `-e${k}c${Math.floor(i / programs.length)}`);
      parts.push(t);
      count += t.split('\n').length + 1;
    }
    const text = parts.join('\n\n') + '\n';
    return accepts(bin, dir, text) ? { text, programs: programs.length } : undefined;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
