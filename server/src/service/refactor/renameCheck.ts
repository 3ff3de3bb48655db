// The last guard of a rename: apply the edits to copies of the files,
// analyse them again, and refuse when the result has an error the files did
// not have, or when any name now refers to something else than before (a
// renamed name captured by a local, another name captured by the renamed
// one, `xs.i` turning into a field access, …).

import * as path from 'node:path';
import { Analyzer } from '../analysis';
import { symbolsOf } from '../../query/symbols';
import type { FileSymbols } from '../../query/resolver';
import type { ResolvedSymbol } from '../../query/symbolIdentity';
import { LineIndex } from '../../syntax/lineIndex';
import type { Diagnostic } from '../../diagnostics';
import { applyEdits, offsetShifter, type Edit } from './renameEdits';
import { refuse } from './renameRules';
import type { ProjectFile, ProjectView } from './project';

export function checkRenameResult(view: ProjectView, files: readonly ProjectFile[], edits: ReadonlyMap<string, Edit[]>, what: string): void {
  const texts = new Map<string, string>();
  for (const f of files) {
    const list = edits.get(f.path);
    if (list) texts.set(f.path, applyEdits(f.analysis.text, list));
  }
  const analyzer = new Analyzer({ readFile: (p) => texts.get(p) ?? view.readFile(p) });
  const shifters = new Map([...edits].map(([file, list]) => [file, offsetShifter(list)]));
  const shift = (file: string, offset: number): number => shifters.get(file)?.(offset) ?? offset;
  for (const f of files) {
    const text = texts.get(f.path) ?? f.analysis.text;
    const after = analyzer.analyze(f.path, text);
    const where = (offset: number): string => `${path.basename(f.path)}:${new LineIndex(text).position(offset).line}`;

    const broken = newErrors(f.analysis.diagnostics, after.diagnostics);
    if (broken) refuse(`${what} would break ${where(broken.start)}: ${broken.message}`);

    const before = meanings(f.symbols, (o) => shift(f.path, o), shift);
    const now = meanings(symbolsOf(after), (o) => o, (_file, o) => o);
    for (const at of [...new Set([...before.keys(), ...now.keys()])].sort((a, b) => a - b)) {
      if (before.get(at)?.ids === now.get(at)?.ids) continue;
      const name = (now.get(at) ?? before.get(at))!.name;
      refuse(`${what} would change what \`${name}\` refers to at ${where(at)}`);
    }
  }
}

/** The first error of `after` beyond what `before` had (counted by code). */
function newErrors(before: readonly Diagnostic[], after: readonly Diagnostic[]): Diagnostic | undefined {
  const left = new Map<string, number>();
  for (const d of before) if (d.severity === 'error') left.set(d.code, (left.get(d.code) ?? 0) + 1);
  for (const d of after) {
    if (d.severity !== 'error') continue;
    const n = left.get(d.code) ?? 0;
    if (n === 0) return d;
    left.set(d.code, n - 1);
  }
  return undefined;
}

/**
 * What every name in code means, by (shifted) position: the identities of
 * the symbols there, each as its kind and where it is declared — positions,
 * not names, so a renamed symbol keeps its identity.
 */
function meanings(
  symbols: FileSymbols,
  at: (offset: number) => number,
  declaredAt: (file: string, offset: number) => number,
): Map<number, { ids: string; name: string }> {
  const identity = (s: ResolvedSymbol): string =>
    s.declaration && s.file ? `${s.kind}|${s.file}|${declaredAt(s.file, s.declaration.start)}` : s.key;
  const out = new Map<number, { ids: string; name: string }>();
  for (const o of symbols.occurrences) {
    if (o.place === 'annotation') continue;
    const key = at(o.start);
    const prev = out.get(key);
    const id = identity(o.symbol);
    out.set(key, { ids: prev ? [prev.ids, id].sort().join(' ') : id, name: prev?.name ?? o.symbol.name });
  }
  return out;
}
