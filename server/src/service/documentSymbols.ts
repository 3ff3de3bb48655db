// Outline: every declaration of the file, record fields as children.

import { SymbolKind, type DocumentSymbol } from 'vscode-languageserver';
import type { Decl, Program } from '../syntax/ast';
import type { LineIndex } from '../syntax/lineIndex';
import { declSignature } from '../query/print';
import { typeText } from '../syntax/typeText';
import { rangeOf } from './lspDiagnostics';

const KIND: Record<Decl['kind'], SymbolKind> = {
  FunctionDecl: SymbolKind.Function,
  ToolDecl: SymbolKind.Interface,
  TypeDecl: SymbolKind.Struct,
  AliasDecl: SymbolKind.TypeParameter,
  UseDecl: SymbolKind.Module,
  ErrorDecl: SymbolKind.Null,
};

export function documentSymbols(program: Program, index: LineIndex): DocumentSymbol[] {
  const out: DocumentSymbol[] = [];
  for (const d of program.decls) {
    if (d.kind === 'ErrorDecl' && !d.name) continue;
    const name = d.kind === 'UseDecl' ? `use ${d.path.value}` : d.name!.text;
    const sel = d.kind === 'UseDecl' ? d.path : d.name!;
    const symbol: DocumentSymbol = {
      name,
      detail: d.kind === 'UseDecl' ? undefined : declSignature(d),
      kind: KIND[d.kind],
      range: rangeOf(index, d.start, d.end),
      selectionRange: rangeOf(index, sel.start, sel.end),
    };
    if (d.kind === 'TypeDecl') {
      symbol.children = d.fields.map((f) => ({
        name: f.name.text,
        detail: typeText(f.type),
        kind: SymbolKind.Field,
        range: rangeOf(index, f.start, f.end),
        selectionRange: rangeOf(index, f.name.start, f.name.end),
      }));
    }
    out.push(symbol);
  }
  return out;
}
