// The imported source as text and, in the same pass, as the syntax tree the
// parser would build for it (doc comments with their offsets, declarations).
// The importer hands the tree to the schema layer's exporter to check, before
// returning, that import then export gives back each original tool; the
// round-trip test checks separately that the parser reads the text into the
// same declarations.

import type { Comment, Decl, Param, Span, ToolDecl, TypeExpr } from '../../syntax/ast';
import type { PlannedMember, PlannedTypeDecl } from './importSchema';
import { declSource, toolDeclLines, typeDeclLines, type PrintableTool } from './importEmit';

export interface BuiltSource {
  text: string;
  decls: Decl[];
  /** The tool declarations, parallel to the tools given. */
  tools: ToolDecl[];
}

class Writer {
  text = '';
  decls: Decl[] = [];

  /** Append doc lines + a declaration line; returns the doc comments and the declaration's span. */
  add(lines: { doc: string[]; decl: string }): { doc: Comment[]; span: Span } {
    if (this.text !== '') this.text += '\n\n';
    const doc: Comment[] = [];
    const src = declSource(lines);
    const all = src.split('\n');
    let at = this.text.length;
    for (let i = 0; i < all.length - 1; i++) {
      doc.push({ text: all[i].slice(2), start: at, end: at + all[i].length });
      at += all[i].length + 1;
    }
    this.text += src;
    return { doc, span: { start: at, end: this.text.length } };
  }
}

const name = (text: string, span: Span) => ({ text, start: span.start, end: span.start + text.length });

function params(members: PlannedMember[], span: Span): Param[] {
  return members.map((m) => ({ name: name(m.ilo, span), type: m.type, start: span.start, end: span.end }));
}

/**
 * Source text for a header comment, the type declarations and the tools,
 * separated by blank lines (so no doc comment attaches to the wrong
 * declaration), plus the equivalent declarations.
 */
export function buildSource(header: string[], types: readonly PlannedTypeDecl[], tools: readonly PrintableTool[]): BuiltSource {
  const w = new Writer();
  if (header.length > 0) w.text = header.map((l) => (l === '' ? '--' : `-- ${l}`)).join('\n');
  for (const t of types) {
    const { doc, span } = w.add(typeDeclLines(t));
    if (t.kind === 'record') {
      w.decls.push({ kind: 'TypeDecl', name: name(t.name, span), fields: params(t.fields, span), doc, ...span });
    } else {
      w.decls.push({ kind: 'AliasDecl', name: name(t.name, span), target: t.target, doc, ...span });
    }
  }
  const toolDecls: ToolDecl[] = [];
  for (const t of tools) {
    const { doc, span } = w.add(toolDeclLines(t));
    const decl: ToolDecl = {
      kind: 'ToolDecl',
      name: name(t.ilo, span),
      description: { kind: 'Text', value: t.description, ...span },
      params: params(t.params, span),
      returnType: t.returnType as TypeExpr,
      doc,
      ...span,
    };
    toolDecls.push(decl);
    w.decls.push(decl);
  }
  return { text: w.text + '\n', decls: w.decls, tools: toolDecls };
}
