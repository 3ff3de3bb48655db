// Completion: what can be written at the cursor, decided from the text before
// it (after `.` → fields; in a header after `:` → types; at the start of a
// line → declaration keywords; otherwise locals, declarations, builtins).

import { CompletionItemKind, InsertTextFormat, MarkupKind, type CompletionItem } from 'vscode-languageserver';
import type { Decl } from '../syntax/ast';
import { formatSignature } from '../syntax/builtins';
import { levelById, type LanguageLevel } from '../level';
import { declSignature } from '../query/print';
import { localsAt, visibleDecls } from '../query/symbols';
import type { FileAnalysis } from './analysis';

const TYPE_LETTERS: Array<[string, string]> = [
  ['n', 'number'],
  ['t', 'text'],
  ['b', 'bool'],
  ['_', 'any value'],
  ['L', 'list: `L T`'],
  ['O', 'optional: `O T`'],
  ['R', 'result: `R ok err`'],
  ['M', 'map: `M K V`'],
  ['S', 'sum of text variants: `S a b c`'],
  ['F', 'function: `F params… ret`'],
];

/** Level 26 adds the world capability type. */
const TYPE_LETTERS_26: Array<[string, string]> = [['W', 'the world capability (level 26): `main w:W>…`']];

const STATEMENT_KEYWORDS: Array<[string, string]> = [
  ['wh', 'while loop: `wh cond{body}`'],
  ['ret', 'return early: `ret expr`'],
  ['brk', 'leave the loop'],
  ['cnt', 'next iteration'],
  ['with', 'record update: `r with f:v`'],
  ['true', 'bool'],
  ['false', 'bool'],
  ['nil', 'no value'],
];

const DECL_KEYWORDS: Array<[string, string, string]> = [
  ['type', 'record type', 'type ${1:name}{${2:field}:${3:t}}'],
  ['tool', 'external tool', 'tool ${1:name}"${2:description}" ${3:arg}:${4:t}>${5:R t t}'],
  ['use', 'import another file', 'use "${1:file}.ilo"'],
  ['alias', 'type alias', 'alias ${1:name} ${2:t}'],
];

/** Level 26: sum types and test blocks. */
const DECL_KEYWORDS_26: Array<[string, string, string]> = [
  ['type', 'sum type', 'type ${1:name} = ${2:tag}(${3:n}) | ${4:other}'],
  ['test', 'test block for a function', 'test ${1:name} { ok ${1:name} ${2:args} ${3:expected} }'],
];

/** The declaration keywords of a level. */
function declKeywords(level: LanguageLevel): Array<[string, string, string]> {
  return level.syntax.sumTypeDecls ? [...DECL_KEYWORDS, ...DECL_KEYWORDS_26] : DECL_KEYWORDS;
}

function declItem(d: Decl, file?: string): CompletionItem | undefined {
  if (d.kind === 'UseDecl' || d.kind === 'TestDecl' || !d.name) return undefined;
  const kind =
    d.kind === 'TypeDecl'
      ? CompletionItemKind.Struct
      : d.kind === 'SumTypeDecl'
        ? CompletionItemKind.Enum
      : d.kind === 'AliasDecl'
        ? CompletionItemKind.TypeParameter
        : d.kind === 'ToolDecl'
          ? CompletionItemKind.Interface
          : CompletionItemKind.Function;
  return {
    label: d.name.text,
    kind,
    detail: declSignature(d),
    labelDetails: file ? { description: file.split('/').pop() } : undefined,
  };
}

export function completionsAt(analysis: FileAnalysis, offset: number): CompletionItem[] {
  const text = analysis.text;
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const before = text.slice(lineStart, offset);
  const decls = visibleDecls(analysis.program, analysis.importedLocated);
  const level = levelById(analysis.program.level ?? '0.11');

  // After `.` or `.?`: field names of the record types in scope.
  if (/\.\??[A-Za-z0-9_-]*$/.test(before) && !/\d\.\??[0-9]*$/.test(before)) {
    const seen = new Set<string>();
    const items: CompletionItem[] = [];
    for (const { decl } of decls) {
      if (decl.kind !== 'TypeDecl') continue;
      for (const f of decl.fields) {
        if (seen.has(f.name.text)) continue;
        seen.add(f.name.text);
        items.push({ label: f.name.text, kind: CompletionItemKind.Field, detail: `${decl.name.text}.${f.name.text}` });
      }
    }
    return items;
  }

  // In a declaration header (no `;` yet on a line starting at column 0) after `:` or `>`: types.
  const inHeader = lineStart === offset - before.length && !/^\s/.test(before) && !before.includes(';');
  if (inHeader && /[:>]\s*[A-Za-z_]?$|\s[LOMRF]\s+[A-Za-z_]?$/.test(before)) {
    const letters = level.syntax.sumTypeDecls ? [...TYPE_LETTERS, ...TYPE_LETTERS_26] : TYPE_LETTERS;
    const items: CompletionItem[] = letters.map(([label, doc]) => ({ label, kind: CompletionItemKind.TypeParameter, detail: doc }));
    for (const { decl } of decls) {
      if ((decl.kind === 'TypeDecl' || decl.kind === 'SumTypeDecl' || decl.kind === 'AliasDecl') && decl.name) {
        items.push({ label: decl.name.text, kind: CompletionItemKind.Struct, detail: declSignature(decl) });
      }
    }
    return items;
  }

  const items: CompletionItem[] = [];
  if (/^[a-z]*$/.test(before)) {
    for (const [label, detail, snippet] of declKeywords(level)) {
      items.push({ label, kind: CompletionItemKind.Keyword, detail, insertText: snippet, insertTextFormat: InsertTextFormat.Snippet });
    }
  }
  for (const local of localsAt(analysis.program, offset)) {
    items.push({ label: local.name.text, kind: CompletionItemKind.Variable, detail: local.role });
  }
  const declared = new Set<string>();
  for (const { decl, file } of decls) {
    const item = declItem(decl, file);
    if (item && !declared.has(item.label)) {
      declared.add(item.label);
      items.push(item);
    }
  }
  // Level 26: the variants of the sum types in scope build values (`circle 5`, `dot`).
  for (const { decl } of decls) {
    if (decl.kind !== 'SumTypeDecl') continue;
    for (const v of decl.variants) {
      if (declared.has(v.name.text)) continue;
      declared.add(v.name.text);
      items.push({ label: v.name.text, kind: CompletionItemKind.EnumMember, detail: `variant of ${decl.name.text}` });
    }
  }
  // The builtins of the file's level.
  for (const b of level.builtins.builtins) {
    items.push({
      label: b.name,
      kind: CompletionItemKind.Function,
      detail: b.signatures.map((s) => formatSignature(b.name, s)).join('  |  '),
      documentation: { kind: MarkupKind.Markdown, value: b.doc },
      sortText: `z${b.name}`,
    });
  }
  for (const [label, detail] of STATEMENT_KEYWORDS) items.push({ label, kind: CompletionItemKind.Keyword, detail });
  return items;
}
