// When a rename is refused, and what it says: the position is not a name
// that can be renamed (a string, a comment, a keyword, a builtin, a name that
// names nothing), the new name is not a name ilo accepts, or it is taken
// where the symbol is used. A refusal is an LSP error (RequestFailed) with
// the message shown to the user; nothing is edited.

import * as path from 'node:path';
import { LSPErrorCodes, ResponseError } from 'vscode-languageserver';
import type { Decl, Program, Span } from '../../syntax/ast';
import { levelById, type LanguageLevel } from '../../level';
import { isKeyword, isReservedWord, isValidIdentifier } from '../../syntax/names';
import { forEachNode } from '../../syntax/walk';
import { declSymbolKind, describeSymbol, namespaceOf, type Occurrence, type ResolvedSymbol } from '../../query/symbolIdentity';
import type { ProjectFile } from './project';
import { declName } from '../../query/symbols';

export function refuse(message: string): never {
  throw new ResponseError(LSPErrorCodes.RequestFailed, message);
}

/** The occurrence a rename starts from, or a refusal saying why there is none. */
export function renameTarget(here: ProjectFile, offset: number): Occurrence {
  const o = here.symbols.at(offset);
  if (!o) refuse(whyNoName(here, offset));
  const s = o.symbol;
  if (s.kind === 'builtin') refuse(`\`${o.symbol.name}\` is a builtin: builtins cannot be renamed`);
  if (!s.declaration || !s.file) refuse(`cannot tell which record type's field \`${s.name}\` this is, so it cannot be renamed from here; rename it in its \`type\` declaration`);
  const destructured = s.destructures ?? (s.kind === 'local' ? destructuringField(here, s) : undefined);
  if (destructured) {
    refuse(`\`${s.name}\` takes its name from the ${describeSymbol(destructured)} it is destructured from; rename the field instead (that renames this binding too)`);
  }
  return o;
}

/** For a local that some `{a;b}=r` rebinds: the field read there. */
function destructuringField(here: ProjectFile, s: ResolvedSymbol): ResolvedSymbol | undefined {
  for (const o of here.symbols.of(s.key)) {
    const field = here.symbols.occurrences.find((x) => x.start === o.start && x.symbol.kind === 'field');
    if (field) return field.symbol;
  }
  return undefined;
}

/** Why there is nothing to rename at `offset`. */
function whyNoName(here: ProjectFile, offset: number): string {
  if (here.symbols.at(offset, 'annotations')) {
    return 'this name in a doc comment follows the parameter or field it names: rename that one in the code';
  }
  const program = here.analysis.program;
  if (program.comments.some((c) => c.start <= offset && offset < c.end)) return 'this is a comment: names in comments are not renamed';
  if (insideText(program, offset)) return 'this is inside a string: names in strings are not renamed';
  const word = wordAt(here.analysis.text, offset);
  if (word !== undefined && (isKeyword(word) || isReservedWord(word))) return `\`${word}\` is a keyword, not a name that can be renamed`;
  if (word !== undefined && /^[a-z]/.test(word)) return `\`${word}\` does not name anything declared in this file or the files it uses`;
  return 'there is no name here to rename';
}

function insideText(program: Program, offset: number): boolean {
  const inside = (s: Span): boolean => s.start < offset && offset < s.end;
  for (const d of program.decls) {
    if (d.kind === 'ToolDecl' && inside(d.description)) return true;
    if (d.kind === 'UseDecl' && inside(d.path)) return true;
  }
  let found = false;
  forEachNode(program.decls, (n) => {
    if (!found && 'kind' in n && n.kind === 'Text' && inside(n)) found = true;
  });
  return found;
}

/** The identifier-shaped word touching `offset`. */
function wordAt(text: string, offset: number): string | undefined {
  const isWord = (c: string | undefined): boolean => c !== undefined && /[A-Za-z0-9_-]/.test(c);
  let a = Math.min(offset, text.length);
  let b = a;
  while (a > 0 && isWord(text[a - 1])) a--;
  while (b < text.length && isWord(text[b])) b++;
  return b > a ? text.slice(a, b) : undefined;
}

/** Refuses a new name ilo would not accept for this kind of symbol. */
export function checkNewName(s: ResolvedSymbol, newName: string, level: LanguageLevel = levelById('0.11')): void {
  // Level 26: a leading `_` marks a module-private name (`_helper`).
  const plain = level.syntax.moduleForms && newName.startsWith('_') ? newName.slice(1) : newName;
  if (!isValidIdentifier(plain)) {
    refuse(`\`${newName}\` is not a valid ilo name: lowercase letters and digits, starting with a letter, with single hyphens between parts (like \`get-user\`)`);
  }
  if (isReservedWord(newName) || isKeyword(newName)) refuse(`\`${newName}\` is a reserved word in ilo and cannot be a name`);
  if (level.builtins.isName(newName)) refuse(`\`${newName}\` is a builtin: it cannot name a ${s.kind === 'param' ? 'parameter' : s.kind === 'type' ? 'record type' : s.kind}`);
  if ((s.kind === 'type' || s.kind === 'alias') && newName.length === 1) {
    refuse(`a one-letter type name is read as a type variable (or as n, t, b): choose a longer name for ${describeSymbol(s)}`);
  }
}

/** The top-level declaration containing an offset (declarations are in source order). */
function declAt(program: Program, offset: number): Decl | undefined {
  const decls = program.decls;
  let lo = 0;
  let hi = decls.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (decls[mid].start <= offset) lo = mid;
    else hi = mid - 1;
  }
  const d = decls[lo];
  return d && d.start <= offset && offset <= d.end ? d : undefined;
}

function declLabel(d: Decl | undefined): string {
  const n = d && declName(d);
  return n ? `\`${n.text}\`` : 'this declaration';
}

/** Declarations of locals and parameters named `name` in a file. */
function localsNamed(file: ProjectFile, name: string): Occurrence[] {
  return file.symbols.occurrences.filter(
    (o) => o.role === 'declaration' && o.place === 'code' && o.symbol.name === name && (o.symbol.kind === 'local' || o.symbol.kind === 'param'),
  );
}

/** Refuses a new name that is already taken where the symbol is declared or used. */
export function checkConflicts(s: ResolvedSymbol, newName: string, files: readonly ProjectFile[], renamedLocals: ReadonlyMap<string, ResolvedSymbol[]>): void {
  const ns = namespaceOf(s.kind);
  const where = (f: ProjectFile): string => path.basename(f.path);
  if (ns) {
    for (const f of files) {
      const taken = [...f.analysis.program.decls.map((decl) => ({ decl, file: f.path })), ...f.analysis.importedLocated.map((l) => ({ decl: l.decl, file: l.file ?? f.path }))].find(
        ({ decl }) => declName(decl)?.text === newName && sameNamespace(decl, ns),
      );
      if (taken) refuse(`\`${newName}\` is already declared${taken.file === f.path ? '' : ` in ${path.basename(taken.file)}`} and visible in ${where(f)}`);
    }
  }
  if (s.kind === 'field' && s.decl?.kind === 'TypeDecl' && s.decl.fields.some((x) => x.name.text === newName)) {
    refuse(`\`${s.decl.name.text}\` already has a field \`${newName}\``);
  }
  if (s.kind === 'local' || s.kind === 'param') {
    for (const f of files) {
      const visibleFn = [...f.analysis.program.decls, ...f.analysis.importedLocated.map((l) => l.decl)].find(
        (decl) => declName(decl)?.text === newName && sameNamespace(decl, 'value'),
      );
      if (visibleFn) refuse(`\`${newName}\` is a ${visibleFn.kind === 'ToolDecl' ? 'tool' : 'function'} visible here: a local of that name would hide it`);
    }
  }
  // A local of the new name where the symbol (or a local renamed with it) is written would capture it.
  for (const f of files) {
    const named = localsNamed(f, newName).filter((l) => l.symbol.key !== s.key);
    if (named.length === 0) continue;
    const spans = [...f.symbols.of(s.key), ...(renamedLocals.get(f.path) ?? []).flatMap((l) => f.symbols.of(l.key))].filter((o) => o.place === 'code');
    for (const o of spans) {
      const decl = declAt(f.analysis.program, o.start);
      const clash = decl && named.find((l) => l.start >= decl.start && l.end <= decl.end);
      if (clash) refuse(`\`${newName}\` is already a ${clash.symbol.kind === 'param' ? 'parameter' : 'local'} in ${declLabel(decl)} (${where(f)}), where ${describeSymbol(s)} is used`);
    }
  }
}

function sameNamespace(d: Decl, ns: 'value' | 'type'): boolean {
  const kind = declSymbolKind(d);
  return kind !== undefined && namespaceOf(kind) === ns;
}
