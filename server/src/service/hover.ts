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
import { levelById, NEWEST_KNOWN_RELEASE, pragmaVerdict } from '../level';

/** Extra sections for declarations (the schema layer plugs in here). */
export type DeclHoverSections = (decl: Decl, visible: readonly LocatedDecl[], level?: '0.11' | '26') => string[];

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
  const pragma = analysis.program.pragma;
  if (pragma !== undefined && offset >= pragma.start && offset <= pragma.end) {
    return { contents: { kind: MarkupKind.Markdown, value: pragmaHover(pragma) }, range: rangeOf(index, pragma.start, pragma.end) };
  }
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
      if (hit.symbol.kind === 'variant' && t.decl.kind === 'SumTypeDecl') {
        // A variant: its own form, then the sum type it belongs to.
        const v = t.decl.variants.find((x) => x.name.text === hit.symbol.name);
        parts.push(fence('ilo', v?.payload ? `${hit.symbol.name}(${typeText(v.payload)})` : hit.symbol.name));
        parts.push(`variant of \`${t.decl.name.text}\`${v?.payload ? ': `' + hit.symbol.name + ' x` builds one, `' + hit.symbol.name + '(x):` matches it' : ''}`);
      }
      parts.push(fence('ilo', declSignature(t.decl)));
      const prose = t.decl.doc.filter((c) => !c.text.trim().startsWith('@')).map((c) => c.text.trim()).join(' ');
      if (prose) parts.push(prose);
      if (t.file) parts.push(`Declared in \`${t.file.split('/').pop()}\`.`);
      parts.push(...declSections(t.decl, visibleDecls(analysis.program, analysis.importedLocated), analysis.program.level));
      break;
    }
  }
  return {
    contents: { kind: MarkupKind.Markdown, value: parts.join('\n\n') },
    range: rangeOf(index, hit.range.start, hit.range.end),
  };
}

/** Hover on the `^26.5` pragma: the level the file is read at, and what is worth knowing about the version. */
function pragmaHover(p: { version: string }): string {
  const [major, minor] = p.version.split('.').map(Number);
  const v = pragmaVerdict({ major, minor });
  const level = levelById(v.level);
  const parts = [fence('ilo', `^${p.version}`), `Version pragma: this file needs ilo ${p.version} or newer and is read at language level **${level.id}** (${level.title}).`];
  const newest = `${NEWEST_KNOWN_RELEASE.major}.${NEWEST_KNOWN_RELEASE.minor}`;
  switch (v.note) {
    case 'newer-than-known':
      parts.push(`ilo ${p.version} is newer than this tooling knows (${newest}): the file is read as ${newest}; newer syntax may be reported as errors.`);
      break;
    case 'older-line':
      parts.push(`${p.version} is a pre-CalVer release; the tooling reads it with its newest level.`);
      break;
    case 'unknown-release':
      parts.push(`No ilo release is called ${p.version}; the file is read at the newest level.`);
      break;
    case 'no-pragma-at-0.11':
      parts.push('ilo 0.11 had no version pragma: its reference reports this line as a syntax error (ILO-P001).');
      break;
    default:
      break;
  }
  return parts.join('\n\n');
}
