// `use "file.ilo"` and `use "file.ilo" [a b]`: find the files a program
// imports (relative to the importing file, transitively), collect the
// declarations they make visible, and report missing files (ILO-P017),
// import cycles (ILO-P018) and names that a scoped import cannot find
// (ILO-P019) on the `use` declaration of the entry file.
//
// Level 26 (the importing file's level, `syntax.moduleForms`) adds:
// - a path without an extension finds `name.@`, then `name.ilo`;
// - a path whose first component has no `.` (`use "org/helpers"`) is a
//   package: `~/.ilo/pkgs/org/helpers/index.@` or `index.ilo` (a longer
//   path names a file of the package); not installed: ILO-P017;
// - `use m:"path"` makes the public declarations visible as `m-name`;
//   `_private` ones are left out;
// - `use "path" [_name]` asks for a private name: ILO-P019;
// - `use re:"path" [names]` re-exports: with transitive imports the names
//   are already visible to the file's importers.

import * as os from 'node:os';
import * as path from 'node:path';
import type { Diagnostic } from '../diagnostics';
import type { Decl, Program, Span, UseDecl } from '../syntax/ast';
import { closestName } from '../syntax/names';
import { levelById } from '../level';

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
    case 'SumTypeDecl':
    case 'AliasDecl':
      return d.name.text;
    case 'ErrorDecl':
      return d.intended !== 'use' ? d.name?.text : undefined;
    default:
      return undefined;
  }
}

/** Where packages are installed (`ilo add`): ~/.ilo/pkgs, or ILO_PKGS_DIR when set. */
export function packagesDir(): string {
  return process.env.ILO_PKGS_DIR ?? path.join(os.homedir(), '.ilo', 'pkgs');
}

/** Level 26: a `use` path naming a package (its first component has no `.`, and it is not absolute). */
export function isPackagePath(rel: string): boolean {
  if (rel.startsWith('/') || rel.startsWith('.') || rel === '') return false;
  return !rel.split('/')[0].includes('.');
}

/** A private name (level 26): `_helper`. */
const isPrivate = (name: string | undefined): boolean => name !== undefined && name.startsWith('_');

/** The files a level-26 `use` path may mean, in the order they are tried. */
function candidates26(fromDir: string, rel: string): string[] {
  if (isPackagePath(rel)) {
    const base = path.join(packagesDir(), rel);
    return rel.split('/').length <= 2 ? [path.join(base, 'index.@'), path.join(base, 'index.ilo')] : [base, `${base}.@`, `${base}.ilo`];
  }
  const base = path.resolve(fromDir, rel);
  return path.extname(rel) === '' ? [base, `${base}.@`, `${base}.ilo`] : [base];
}

/** The files a `use` path may mean for a file at `levelId`, in the order they are tried. */
export function useCandidates(fromDir: string, rel: string, levelId: Program['level']): string[] {
  return levelById(levelId ?? '0.11').syntax.moduleForms ? candidates26(fromDir, rel) : [path.resolve(fromDir, rel)];
}

// One renamed copy per declaration and prefix, so that `m-dbl` keeps its identity between analyses.
const prefixed = new WeakMap<Decl, Map<string, Decl>>();

/** `dbl` seen through `use m:"…"` as `m-dbl` (the name keeps its place in the declaring file). */
function withPrefix(d: Decl, prefix: string): Decl {
  let byPrefix = prefixed.get(d);
  if (!byPrefix) prefixed.set(d, (byPrefix = new Map()));
  let copy = byPrefix.get(prefix);
  if (!copy) {
    copy = 'name' in d && d.name ? ({ ...d, name: { ...d.name, text: `${prefix}-${d.name.text}` } } as Decl) : d;
    byPrefix.set(prefix, copy);
  }
  return copy;
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

  /** The file a `use` of a file at `level` means: the first candidate that exists (the first candidate when none does). */
  const locate = (fromDir: string, rel: string, program: Program | undefined): string => {
    const all = useCandidates(fromDir, rel, program?.level);
    return all.length === 1 ? all[0] : (all.find((c) => load(c) !== undefined) ?? all[0]);
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
      const target = locate(path.dirname(file), d.path.value, program);
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
      let visible = wanted === undefined ? sub.decls : sub.decls.filter((x) => wanted.includes(declName(x) ?? ''));
      if (d.alias) visible = visible.filter((x) => !isPrivate(declName(x))).map((x) => withPrefix(x, d.alias!.text));
      out.decls.push(...visible);
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
    const target = locate(path.dirname(entry), rel, entryProgram);
    if (target === entry) {
      result.diagnostics.push(useDiag('ILO-P018', useSpan, `use "${rel}": a file cannot import itself`));
      continue;
    }
    if (load(target) === undefined) {
      const pkg = levelById(entryProgram.level ?? '0.11').syntax.moduleForms && isPackagePath(rel);
      result.diagnostics.push(
        pkg
          ? {
              ...useDiag('ILO-P017', u.path, `use "${rel}": package not installed (looked for ${target})`),
              hint: `install it with \`ilo add ${rel.split('/').slice(0, 2).join('/')}\`, or write "./${rel}" for a local file`,
            }
          : useDiag('ILO-P017', u.path, `use "${rel}": file not found (looked for ${target})`),
      );
      continue;
    }
    const ex = exportsOf(target, [entry, target]);
    for (const p of ex.problems) result.diagnostics.push(problemDiag(p, rel, useSpan, entry));

    let decls = ex.decls;
    if (u.only !== undefined) {
      const available = new Set(ex.decls.map(declName).filter((n): n is string => n !== undefined));
      for (const n of u.only) {
        if (isPrivate(n.text) && levelById(entryProgram.level ?? '0.11').syntax.moduleForms) {
          result.diagnostics.push({
            ...useDiag('ILO-P019', n, `use "${rel}": '${n.text}' is private to that file (a name starting with \`_\`)`),
            hint: 'import the whole file (`use "…"` without a list) to reach private names, or make it public',
          });
          continue;
        }
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
    if (u.alias) decls = decls.filter((d) => !isPrivate(declName(d))).map((d) => withPrefix(d, u.alias!.text));
    for (const d of decls) {
      if (seen.has(d)) continue;
      seen.add(d);
      result.imported.push(d);
      result.importedVia.set(d, useSpan);
    }
  }

  for (const [file, program] of programs) {
    if (program === undefined) continue;
    for (const d of program.decls) {
      if (seen.has(d)) result.importedFile.set(d, file);
      for (const copy of prefixed.get(d)?.values() ?? []) if (seen.has(copy)) result.importedFile.set(copy, file);
    }
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
