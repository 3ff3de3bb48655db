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
  SumTypeDecl: SymbolKind.Enum,
  AliasDecl: SymbolKind.TypeParameter,
  UseDecl: SymbolKind.Module,
  TestDecl: SymbolKind.Event,
  ErrorDecl: SymbolKind.Null,
};

export function documentSymbols(program: Program, index: LineIndex): DocumentSymbol[] {
  const out: DocumentSymbol[] = [];
  for (const d of program.decls) {
    if (d.kind === 'ErrorDecl' && !d.name) continue;
    const name = d.kind === 'UseDecl' ? `use ${d.path.value}` : d.kind === 'TestDecl' ? `test ${d.target.text}` : d.name!.text;
    const sel = d.kind === 'UseDecl' ? d.path : d.kind === 'TestDecl' ? d.target : d.name!;
    const symbol: DocumentSymbol = {
      name,
      detail: d.kind === 'UseDecl' || d.kind === 'TestDecl' ? undefined : declSignature(d),
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
    if (d.kind === 'SumTypeDecl') {
      symbol.children = d.variants.map((v) => ({
        name: v.name.text,
        detail: v.payload ? typeText(v.payload) : undefined,
        kind: SymbolKind.EnumMember,
        range: rangeOf(index, v.start, v.end),
        selectionRange: rangeOf(index, v.name.start, v.name.end),
      }));
    }
    out.push(symbol);
  }
  return out;
}
