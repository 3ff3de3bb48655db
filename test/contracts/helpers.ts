// Shared helpers for the contract tests: ilo sources (in memory, with `use`
// resolved between them) as ContractInputs, and small lookups.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Diagnostic } from '../../server/src/diagnostics';
import { parseIlo } from '../../server/src/syntax/parse';
import { resolveImports } from '../../server/src/project/imports';
import type { ContractInput } from '../../server/src/contracts/behavior/iloTools';

export const ROOT = '/virtual';
export const SERVERS_DIR = path.join(__dirname, 'fixtures', 'servers');

/** Parse in-memory files (name → text) into inputs with their imports resolved. Parse errors fail the test. */
export function inputsOf(files: Record<string, string>, only?: string[]): ContractInput[] {
  const abs = (name: string) => path.join(ROOT, name);
  const host = { readFile: (p: string) => files[path.relative(ROOT, p)] };
  const names = only ?? Object.keys(files);
  return names.map((name) => {
    const text = files[name];
    const parsed = parseIlo(text);
    const errors = parsed.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length > 0) throw new Error(`${name} does not parse: ${errors.map((e) => e.message).join('; ')}`);
    const imports = resolveImports(abs(name), parsed.program, host, (_p, t) => parseIlo(t).program);
    return {
      path: abs(name),
      text,
      program: parsed.program,
      imported: imports.imported.map((decl) => ({ decl, file: imports.importedFile.get(decl) })),
    };
  });
}

/** The hand-written server fixtures (name → text). */
export function serverFiles(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fs.readdirSync(SERVERS_DIR).filter((f) => f.endsWith('.ilo')).sort()) out[f] = fs.readFileSync(path.join(SERVERS_DIR, f), 'utf8');
  return out;
}

/** The diagnostic with `code` on the tool/function named `name` (its name span) in `text`. */
export function on(diags: readonly Diagnostic[], text: string, name: string, code: string): Diagnostic | undefined {
  return diags.find((d) => d.code === code && text.slice(d.start, d.end) === name);
}

export function allOn(diags: readonly Diagnostic[], text: string, name: string): Diagnostic[] {
  return diags.filter((d) => text.slice(d.start, d.end) === name);
}

/** Apply a suggestion's edits to a text (edits do not overlap). */
export function applyEdits(text: string, edits: ReadonlyArray<{ start: number; end: number; newText: string }>): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.newText + out.slice(e.end);
  return out;
}

export const abs = (name: string) => path.join(ROOT, name);
