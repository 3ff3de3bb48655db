// `use "file.ilo"` and `use "file.ilo" [a b]`: find the files a program
// imports (relative to the importing file, transitively), collect the
// declarations they make visible, and report missing files (ILO-P017),
// import cycles (ILO-P018) and names that a scoped import cannot find
// (ILO-P019) on the `use` declaration of the entry file.

import * as path from 'node:path';
import type { Diagnostic } from '../diagnostics';
import type { Decl, Program, Span, UseDecl } from '../syntax/ast';
import { closestName } from '../syntax/names';

/** Where file contents come from (open editor buffers, the disk, a test fixture). */
export interface FileHost {
  /** The text of the file at an absolute path; undefined when it does not exist. */
  readFile(absPath: string): string | undefined;
}

export interface ImportResult {
  /** Declarations visible through `use`, each once, in import order. */
  imported: Decl[];
  /** ILO-P017/P018/P019, on the entry file's `use` declarations. */
  diagnostics: Diagnostic[];
  /** Absolute paths of every file used, transitively (re-check the entry when one changes). */
  dependencies: string[];
  /** For each imported declaration, the `use` declaration of the entry file that brought it in. */
  importedVia: Map<Decl, Span>;
  /** For each imported declaration, the absolute path of the file declaring it. */
  importedFile: Map<Decl, string>;
}

type Problem = { kind: 'missing'; file: string; via: string[] } | { kind: 'cycle'; via: string[] };

interface FileExports {
  decls: Decl[];
  problems: Problem[];
}

/** Names a declaration defines (what `[a b]` may list). */
function declName(d: Decl): string | undefined {
  switch (d.kind) {
    case 'FunctionDecl':
    case 'ToolDecl':
    case 'TypeDecl':
    case 'AliasDecl':
      return d.name.text;
    case 'ErrorDecl':
      return d.intended !== 'use' ? d.name?.text : undefined;
    default:
      return undefined;
  }
}

export function resolveImports(
  entryPath: string,
  entryProgram: Program,
  host: FileHost,
  parse: (path: string, text: string) => Program,
): ImportResult {
  const result: ImportResult = { imported: [], diagnostics: [], dependencies: [], importedVia: new Map(), importedFile: new Map() };
  const uses = entryProgram.decls.filter((d): d is UseDecl => d.kind === 'UseDecl');
  if (uses.length === 0) return result;

  const entry = entryPath === '' ? '' : path.resolve(entryPath);
  const programs = new Map<string, Program | undefined>();
  const exportsMemo = new Map<string, FileExports>();
  const deps = new Set<string>();
  const seen = new Set<Decl>();

  const load = (abs: string): Program | undefined => {
    if (!programs.has(abs)) {
      let text: string | undefined;
      try {
        text = host.readFile(abs);
      } catch {
        text = undefined;
      }
      let program: Program | undefined;
      if (text !== undefined) {
        deps.add(abs);
        try {
          program = parse(abs, text);
        } catch {
          program = { decls: [], comments: [] };
        }
      }
      programs.set(abs, program);
    }
    return programs.get(abs);
  };

  /** Everything `file` makes visible (its own declarations and what it uses), with problems found on the way. */
  const exportsOf = (file: string, stack: string[]): FileExports => {
    const memo = exportsMemo.get(file);
    if (memo !== undefined) return memo;
    const program = load(file)!;
    const out: FileExports = { decls: [], problems: [] };
    for (const d of program.decls) {
      if (d.kind !== 'UseDecl') {
        if (declName(d) !== undefined || d.kind !== 'ErrorDecl') out.decls.push(d);
        continue;
      }
      const target = path.resolve(path.dirname(file), d.path.value);
      if (stack.includes(target)) {
        out.problems.push({ kind: 'cycle', via: [...stack.slice(stack.indexOf(target)), target] });
        continue;
      }
      if (load(target) === undefined) {
        out.problems.push({ kind: 'missing', file: target, via: [...stack, target] });
        continue;
      }
      const sub = exportsOf(target, [...stack, target]);
      const wanted = d.only?.map((n) => n.text);
      out.decls.push(...(wanted === undefined ? sub.decls : sub.decls.filter((x) => wanted.includes(declName(x) ?? ''))));
      out.problems.push(...sub.problems);
    }
    // Results that saw a cycle depend on the path taken; only memoise clean ones.
    if (out.problems.every((p) => p.kind !== 'cycle')) exportsMemo.set(file, out);
    return out;
  };

  for (const u of uses) {
    const rel = u.path.value;
    const useSpan: Span = { start: u.start, end: u.end };
    if (entry === '') {
      result.diagnostics.push(useDiag('ILO-P017', useSpan, `use "${rel}": imports need a file to be relative to (not available for inline code)`));
      continue;
    }
    const target = path.resolve(path.dirname(entry), rel);
    if (target === entry) {
      result.diagnostics.push(useDiag('ILO-P018', useSpan, `use "${rel}": a file cannot import itself`));
      continue;
    }
    if (load(target) === undefined) {
      result.diagnostics.push(useDiag('ILO-P017', u.path, `use "${rel}": file not found (looked for ${target})`));
      continue;
    }
    const ex = exportsOf(target, [entry, target]);
    for (const p of ex.problems) result.diagnostics.push(problemDiag(p, rel, useSpan, entry));

    let decls = ex.decls;
    if (u.only !== undefined) {
      const available = new Set(ex.decls.map(declName).filter((n): n is string => n !== undefined));
      for (const n of u.only) {
        if (available.has(n.text)) continue;
        const near = closestName(n.text, available);
        result.diagnostics.push({
          ...useDiag('ILO-P019', n, `use "${rel}": '${n.text}' is not declared there`),
          ...(near !== undefined
            ? { hint: `did you mean '${near}'?`, suggestions: [{ message: `Change to '${near}'`, edits: [{ start: n.start, end: n.end, newText: near }] }] }
            : {}),
        });
      }
      const wanted = new Set(u.only.map((n) => n.text));
      decls = decls.filter((d) => wanted.has(declName(d) ?? ''));
    }
    for (const d of decls) {
      if (seen.has(d)) continue;
      seen.add(d);
      result.imported.push(d);
      result.importedVia.set(d, useSpan);
    }
  }

  for (const [file, program] of programs) {
    if (program === undefined) continue;
    for (const d of program.decls) if (seen.has(d)) result.importedFile.set(d, file);
  }
  result.dependencies = [...deps];
  return result;
}

function useDiag(code: string, span: Span, message: string): Diagnostic {
  return { code, source: 'ilo', severity: 'error', start: span.start, end: span.end, message };
}

function problemDiag(p: Problem, rel: string, span: Span, entry: string): Diagnostic {
  const show = (f: string): string => path.relative(path.dirname(entry), f) || path.basename(f);
  if (p.kind === 'missing') {
    return useDiag('ILO-P017', span, `use "${rel}": ${show(p.via[p.via.length - 2] ?? entry)} uses ${show(p.file)}, which does not exist`);
  }
  return useDiag('ILO-P018', span, `use "${rel}": circular import ${p.via.map(show).join(' → ')}`);
}
