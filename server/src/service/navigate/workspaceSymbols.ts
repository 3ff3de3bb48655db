// Workspace symbols: the functions, tools, record types (and their fields)
// and aliases of every `.ilo` file of the workspace and every open document,
// matched fuzzily against the query and ranked (see ./fuzzyMatch.ts). Files
// that are not open are read from disk through the NavFileSource.

import * as path from 'node:path';
import { SymbolKind, type SymbolInformation } from 'vscode-languageserver';
import type { Name } from '../../syntax/ast';
import { LineIndex } from '../../syntax/lineIndex';
import { rangeOf } from '../lspDiagnostics';
import { compareMatches, matchTier, type MatchTier } from './fuzzyMatch';
import type { NavFileSource } from './navFiles';

/** At most this many symbols are returned (the best ones). */
export const MAX_WORKSPACE_SYMBOLS = 500;

const KIND: Record<'FunctionDecl' | 'ToolDecl' | 'TypeDecl' | 'SumTypeDecl' | 'AliasDecl', SymbolKind> = {
  FunctionDecl: SymbolKind.Function,
  ToolDecl: SymbolKind.Interface,
  TypeDecl: SymbolKind.Struct,
  SumTypeDecl: SymbolKind.Enum,
  AliasDecl: SymbolKind.TypeParameter,
};
const INTENDED_KIND: Record<'function' | 'tool' | 'type' | 'alias', SymbolKind> = {
  function: SymbolKind.Function,
  tool: SymbolKind.Interface,
  type: SymbolKind.Struct,
  alias: SymbolKind.TypeParameter,
};

interface Found {
  tier: MatchTier;
  name: string;
  at: Name;
  kind: SymbolKind;
  container: string;
  file: string;
}

export function workspaceSymbols(source: NavFileSource, query: string, limit = MAX_WORKSPACE_SYMBOLS): SymbolInformation[] {
  const found: Found[] = [];
  const texts = new Map<string, { uri: string; text: string }>();
  for (const file of source.paths()) {
    const entry = source.decls(file);
    if (!entry) continue;
    texts.set(file, { uri: entry.uri, text: entry.text });
    const base = path.basename(file);
    const consider = (at: Name, kind: SymbolKind, container: string): void => {
      const tier = matchTier(query, at.text);
      if (tier !== undefined) found.push({ tier, name: at.text, at, kind, container, file });
    };
    for (const d of entry.decls) {
      if (d.kind === 'UseDecl' || d.kind === 'TestDecl') continue;
      if (d.kind === 'ErrorDecl') {
        // A declaration being edited that does not parse yet still has its name.
        const kind = d.intended && d.intended !== 'use' && d.intended !== 'test' ? INTENDED_KIND[d.intended] : undefined;
        if (d.name && kind !== undefined) consider(d.name, kind, base);
        continue;
      }
      consider(d.name, KIND[d.kind], base);
      if (d.kind === 'TypeDecl') for (const f of d.fields) consider(f.name, SymbolKind.Field, `${d.name.text} (${base})`);
      if (d.kind === 'SumTypeDecl') for (const v of d.variants) consider(v.name, SymbolKind.EnumMember, `${d.name.text} (${base})`);
    }
  }
  found.sort(compareMatches);
  const indexes = new Map<string, LineIndex>();
  return found.slice(0, limit).map((f) => {
    const { uri, text } = texts.get(f.file)!;
    let index = indexes.get(f.file);
    if (!index) indexes.set(f.file, (index = new LineIndex(text)));
    return { name: f.name, kind: f.kind, containerName: f.container, location: { uri, range: rangeOf(index, f.at.start, f.at.end) } };
  });
}
