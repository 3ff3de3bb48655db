// Hover: what the name under the cursor is. Builtins show their signatures
// and doc; declarations their header plus the JSON Schema / MCP tool
// definition they produce; locals their declared type when known.

import { MarkupKind, type Hover } from 'vscode-languageserver';
import type { Decl, Param } from '../syntax/ast';
import { formatSignature } from '../syntax/builtins';
import { declSignature } from '../query/print';
import { typeText } from '../syntax/typeText';
import { symbolAt, visibleDecls, type LocatedDecl } from '../query/symbols';
import { forEachNode, isParam } from '../syntax/walk';
import type { FileAnalysis } from './analysis';
import type { LineIndex } from '../syntax/lineIndex';
import { rangeOf } from './lspDiagnostics';

/** Extra sections for declarations (the schema layer plugs in here). */
export type DeclHoverSections = (decl: Decl, visible: readonly LocatedDecl[]) => string[];

const fence = (lang: string, body: string): string => '```' + lang + '\n' + body + '\n```';

function paramOf(analysis: FileAnalysis, start: number): Param | undefined {
  let found: Param | undefined;
  forEachNode(analysis.program.decls, (n) => {
    if (!found && isParam(n) && n.name.start === start) found = n;
  });
  return found;
}

export function hoverAt(
  analysis: FileAnalysis,
  index: LineIndex,
  offset: number,
  declSections: DeclHoverSections = () => [],
): Hover | undefined {
  const hit = symbolAt(analysis, offset);
  if (!hit) return undefined;
  const t = hit.target;
  const parts: string[] = [];
  switch (t.kind) {
    case 'builtin': {
      const b = t.builtin;
      parts.push(fence('ilo', b.signatures.map((s) => formatSignature(b.name, s)).join('\n')));
      parts.push(b.doc);
      if (t.writtenAs !== b.name) parts.push(`\`${t.writtenAs}\` is a long form of \`${b.name}\`.`);
      if (b.effect !== 'pure') parts.push(`Effect: ${b.effect}.`);
      break;
    }
    case 'local': {
      const p = t.role === 'param' ? paramOf(analysis, t.binding.start) : undefined;
      parts.push(fence('ilo', p ? `${t.name}:${typeText(p.type)}` : t.name));
      parts.push(t.role === 'param' ? 'parameter' : 'local binding');
      break;
    }
    case 'field': {
      const owner = t.owner?.decl;
      const field = owner?.kind === 'TypeDecl' ? owner.fields.find((f) => f.name.text === t.name) : undefined;
      parts.push(fence('ilo', field && owner?.kind === 'TypeDecl' ? `${owner.name.text}.${t.name}:${typeText(field.type)}` : `.${t.name}`));
      break;
    }
    case 'decl': {
      parts.push(fence('ilo', declSignature(t.decl)));
      const prose = t.decl.doc.filter((c) => !c.text.trim().startsWith('@')).map((c) => c.text.trim()).join(' ');
      if (prose) parts.push(prose);
      if (t.file) parts.push(`Declared in \`${t.file.split('/').pop()}\`.`);
      parts.push(...declSections(t.decl, visibleDecls(analysis.program, analysis.importedLocated)));
      break;
    }
  }
  return {
    contents: { kind: MarkupKind.Markdown, value: parts.join('\n\n') },
    range: rangeOf(index, hit.range.start, hit.range.end),
  };
}
