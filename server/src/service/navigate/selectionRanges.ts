// Selection ranges (expand / shrink selection): from the token under the
// cursor outwards through the enclosing expressions, the statement, the body
// holding it (and the blocks around it), the header for parameters, up to the
// declaration and then the declaration with its doc comments. Every range
// strictly contains the one before it.

import type { SelectionRange } from 'vscode-languageserver';
import type { Comment, Decl, Name, Program, Span, Stmt } from '../../syntax/ast';
import type { LineIndex } from '../../syntax/lineIndex';
import { childrenOf, isArm, isParam, type Node } from '../../syntax/walk';
import { rangeOf } from '../lspDiagnostics';

const contains = (s: Span, offset: number): boolean => s.start <= offset && offset <= s.end;

/**
 * The chain of nodes containing `offset`, outermost first. Where two siblings
 * touch (`a┆b`), the one starting at the cursor wins over the one ending there.
 */
function nodePath(decls: readonly Decl[], offset: number): Node[] {
  const path: Node[] = [];
  let level: readonly Node[] = decls;
  for (;;) {
    const hit = level.find((n) => n.start <= offset && offset < n.end) ?? level.find((n) => contains(n, offset));
    if (!hit) return path;
    path.push(hit);
    level = childrenOf(hit);
  }
}

/** Identifier-sized pieces of a node that are not nodes themselves (names of callees, fields, bindings). */
function namesOf(n: Node): Name[] {
  if (isParam(n)) return [n.name];
  if (isArm(n)) {
    const p = n.pattern;
    return p.kind === 'OkPat' || p.kind === 'ErrPat' || p.kind === 'TypePat' ? [p.binding] : [];
  }
  switch (n.kind) {
    case 'FunctionDecl':
    case 'TypeDecl':
    case 'ToolDecl':
    case 'AliasDecl':
      return [n.name];
    case 'ErrorDecl':
      return n.name ? [n.name] : [];
    case 'UseDecl':
      return n.only ?? [];
    case 'Call':
      return [n.callee];
    case 'Field':
      return [n.field];
    case 'Record':
      return [n.typeName, ...n.fields.map((f) => f.name)];
    case 'With':
      return n.updates.map((u) => u.name);
    case 'Bind':
      return [n.name];
    case 'Destructure':
      return n.names;
    case 'ForEach':
    case 'ForRange':
      return [n.binding];
    default:
      return [];
  }
}

/** The statement list of `parent` that holds `child`, as one span. */
function bodyHolding(parent: Node, child: Node): Span | undefined {
  let lists: ReadonlyArray<readonly Stmt[]> = [];
  if (isArm(parent)) lists = [parent.body];
  else if (!isParam(parent)) {
    switch (parent.kind) {
      case 'FunctionDecl':
      case 'Lambda':
      case 'ForEach':
      case 'ForRange':
      case 'While':
        lists = [parent.body];
        break;
      case 'Guard':
        lists = [parent.body, parent.elseBody ?? []];
        break;
      default:
        break;
    }
  }
  const list = lists.find((l) => l.includes(child as Stmt));
  return list && list.length > 0 ? { start: list[0].start, end: list[list.length - 1].end } : undefined;
}

/** Spans between a child and its parent that are not nodes: a field initializer, a header, a body. */
function between(parent: Node, child: Node): Span[] {
  const out: Span[] = [];
  if (!isParam(parent) && !isArm(parent)) {
    if (parent.kind === 'Record' || parent.kind === 'With') {
      const inits = parent.kind === 'Record' ? parent.fields : parent.updates;
      const init = inits.find((f) => f.value === child);
      if (init) out.push(init);
    }
    if (parent.kind === 'FunctionDecl' && (isParam(child) || child === parent.returnType)) out.push(parent.header);
  }
  const body = bodyHolding(parent, child);
  if (body) out.push(body);
  return out;
}

function docSpan(decl: Decl): Span | undefined {
  return decl.doc.length > 0 ? { start: decl.doc[0].start, end: decl.doc[decl.doc.length - 1].end } : undefined;
}

/** Innermost first: the spans to offer at `offset`. */
function spansAt(program: Program, offset: number): Span[] {
  const spans: Span[] = [];
  const comment = program.comments.find((c: Comment) => contains(c, offset));
  const owner = comment && program.decls.find((d) => d.doc.includes(comment));
  if (comment) {
    spans.push(comment);
    if (owner) {
      spans.push(docSpan(owner)!, { start: owner.doc[0].start, end: owner.end });
    } else {
      // A comment inside a declaration's body: then that declaration.
      const around = program.decls.find((d) => d.start <= comment.start && comment.end <= d.end);
      if (around) spans.push(around, { start: docSpan(around)?.start ?? around.start, end: around.end });
    }
    return spans;
  }
  const path = nodePath(program.decls, offset);
  if (path.length === 0) return spans;
  const leaf = path[path.length - 1];
  const name = namesOf(leaf).find((n) => contains(n, offset));
  if (name) {
    spans.push(name);
    // A field name in a record literal or `with`: then the whole `name:value`.
    const inits = 'kind' in leaf && leaf.kind === 'Record' ? leaf.fields : 'kind' in leaf && leaf.kind === 'With' ? leaf.updates : [];
    const init = inits.find((f) => f.name === name);
    if (init) spans.push(init);
  }
  for (let i = path.length - 1; i >= 0; i--) {
    spans.push(path[i]);
    if (i > 0) spans.push(...between(path[i - 1], path[i]));
  }
  const decl = path[0] as Decl;
  const doc = docSpan(decl);
  if (doc) spans.push({ start: doc.start, end: decl.end });
  return spans;
}

export function selectionRangeAt(program: Program, index: LineIndex, offset: number): SelectionRange {
  // Keep only spans that strictly grow and contain the cursor.
  const chain: Span[] = [];
  for (const s of spansAt(program, offset)) {
    if (!contains(s, offset)) continue;
    const last = chain[chain.length - 1];
    if (last && !(s.start <= last.start && s.end >= last.end && (s.start < last.start || s.end > last.end))) continue;
    chain.push(s);
  }
  let result: SelectionRange | undefined;
  for (let i = chain.length - 1; i >= 0; i--) result = { range: rangeOf(index, chain[i].start, chain[i].end), parent: result };
  return result ?? { range: rangeOf(index, offset, offset) };
}

export function selectionRanges(program: Program, index: LineIndex, offsets: readonly number[]): SelectionRange[] {
  return offsets.map((o) => selectionRangeAt(program, index, o));
}
