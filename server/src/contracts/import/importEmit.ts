// Printing imported tools as ilo source: `type`/`alias` declarations for the
// records and constrained item types, then one `tool` declaration per tool,
// each with the doc-comment annotations (docs/annotations.md) that keep what
// ilo's own syntax cannot say: wire names, titles, descriptions, extra
// JSON Schema keywords, MCP hints, output schemas and the definition's other
// fields (`@mcp`).

import type { TypeExpr } from '../../syntax/ast';
import type { JsonObject, JsonValue } from '../../schema/json';
import { isHiddenCodePoint } from '../lints';
import type { PlannedMember, PlannedTypeDecl } from './importSchema';

/** A tool ready to be printed (see importPlan.ts). */
export interface PrintableTool {
  ilo: string;
  wire: string;
  title?: string;
  description: string;
  params: PlannedMember[];
  returnType: TypeExpr;
  /** `@output {...}` when the output schema is not carried by a record. */
  output?: JsonObject;
  hints?: Partial<Record<'readOnlyHint' | 'destructiveHint' | 'idempotentHint' | 'openWorldHint', boolean>>;
  /** `@schema {...}`: keywords of the input object itself (`$schema`, `additionalProperties`: null when it did not say). */
  rootPatch?: JsonObject;
  /** `@mcp {...}`: the definition's fields ilo has no syntax for (`execution`, `icons`, `_meta`, other annotations). */
  mcp?: JsonObject;
}

// ---------------------------------------------------------------- text encodings

const ILO_ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  '"': '\\"',
  '\n': '\\n',
  '\t': '\\t',
  '\r': '\\r',
  '\f': '\\f',
  '\b': '\\b',
  '\v': '\\v',
  '\u0007': '\\a',
  '\u0000': '\\0',
};

/** An ilo string literal (ilo has no \u escape: other characters are written as they are). */
export function iloString(s: string): string {
  return '"' + s.replace(/[\\"\n\t\r\f\b\v\u0007\u0000]/g, (c) => ILO_ESCAPES[c]) + '"';
}

/** JSON on one line, with invisible and line-breaking characters written as \u escapes so a reader sees them. */
export function visibleJson(v: JsonValue): string {
  let out = '';
  for (const ch of JSON.stringify(v)) {
    const cp = ch.codePointAt(0)!;
    if (cp === 0x2028 || cp === 0x2029 || (cp > 0x7f && isHiddenCodePoint(cp))) {
      for (let i = 0; i < ch.length; i++) out += '\\u' + ch.charCodeAt(i).toString(16).padStart(4, '0');
    } else {
      out += ch;
    }
  }
  return out;
}

/** Free text on an annotation line, or a JSON string when plain text would not read back unchanged. */
export function annotationText(s: string): string {
  const plain =
    s !== '' &&
    s === s.trim() &&
    !(s.startsWith('"') && s.endsWith('"')) &&
    ![...s].some((ch) => {
      const cp = ch.codePointAt(0)!;
      return cp < 0x20 || cp === 0x2028 || cp === 0x2029 || isHiddenCodePoint(cp);
    });
  return plain ? s : visibleJson(s);
}

/** A wire name after `@wire` or `name=`: a bare word when it can be one. */
export function wireToken(s: string): string {
  return /^[^\s"=]+$/.test(s) && !/[^\x21-\x7e]/.test(s) ? s : visibleJson(s);
}

/** Prose lines for a description (isProseSafe text): `@` at the start of a line is doubled. */
export function proseLines(text: string): string[] {
  return text.split('\n').map((l) => (l.startsWith('@') ? '@' + l : l));
}

// ---------------------------------------------------------------- types

/** ilo type syntax; compound types inside other types are parenthesised. */
export function typeSource(t: TypeExpr, nested = false): string {
  const wrap = (s: string) => (nested ? `(${s})` : s);
  switch (t.kind) {
    case 'PrimType':
    case 'NamedType':
      return t.name;
    case 'ListType':
      return wrap(`L ${typeSource(t.elem, true)}`);
    case 'OptType':
      return wrap(`O ${typeSource(t.inner, true)}`);
    case 'MapType':
      return wrap(`M ${typeSource(t.key, true)} ${typeSource(t.value, true)}`);
    case 'ResultType':
      return wrap(`R ${typeSource(t.ok, true)} ${typeSource(t.err, true)}`);
    case 'SumType':
      return wrap(`S ${t.variants.map((v) => v.text).join(' ')}`);
    case 'FnType':
      return wrap(`F ${[...t.params, t.ret].map((p) => typeSource(p, true)).join(' ')}`);
  }
}

// ---------------------------------------------------------------- declarations

function memberNotes(key: 'param' | 'field', m: PlannedMember): string[] {
  const lines: string[] = [];
  if (m.wire !== m.ilo || m.description !== undefined) {
    const wire = m.wire !== m.ilo ? `=${wireToken(m.wire)}` : '';
    const desc = m.description !== undefined ? ` ${annotationText(m.description)}` : '';
    lines.push(`@${key} ${m.ilo}${wire}${desc}`);
  }
  if (m.patch && Object.keys(m.patch).length > 0) lines.push(`@schema ${m.ilo} ${visibleJson(m.patch)}`);
  return lines;
}

/** The doc lines (text after `-- `) and the declaration line of a record or alias. */
export function typeDeclLines(d: PlannedTypeDecl): { doc: string[]; decl: string } {
  const doc = d.description !== undefined ? proseLines(d.description) : [];
  if (d.kind === 'alias') {
    if (d.patch && Object.keys(d.patch).length > 0) doc.push(`@schema ${visibleJson(d.patch)}`);
    return { doc, decl: `alias ${d.name} ${typeSource(d.target)}` };
  }
  for (const f of d.fields) doc.push(...memberNotes('field', f));
  if (d.rootPatch && Object.keys(d.rootPatch).length > 0) doc.push(`@schema ${visibleJson(d.rootPatch)}`);
  const fields = d.fields.map((f) => `${f.ilo}:${typeSource(f.type)}`).join(';');
  return { doc, decl: `type ${d.name}{${fields}}` };
}

const HINT_WORDS: [keyof NonNullable<PrintableTool['hints']>, string][] = [
  ['readOnlyHint', 'readOnly'],
  ['destructiveHint', 'destructive'],
  ['idempotentHint', 'idempotent'],
  ['openWorldHint', 'openWorld'],
];

/** The doc lines and the declaration line of a tool. */
export function toolDeclLines(t: PrintableTool): { doc: string[]; decl: string } {
  const doc: string[] = [];
  if (t.wire !== t.ilo) doc.push(`@wire ${wireToken(t.wire)}`);
  if (t.title !== undefined) doc.push(`@title ${annotationText(t.title)}`);
  for (const p of t.params) doc.push(...memberNotes('param', p));
  if (t.rootPatch) doc.push(`@schema ${visibleJson(t.rootPatch)}`);
  if (t.output) doc.push(`@output ${visibleJson(t.output)}`);
  if (t.mcp) doc.push(`@mcp ${visibleJson(t.mcp)}`);
  if (t.hints) {
    const words = HINT_WORDS.filter(([k]) => t.hints![k] !== undefined).map(([k, w]) => (t.hints![k] ? w : `${w}=false`));
    if (words.length > 0) doc.push(`@hints ${words.join(' ')}`);
  }
  const params = t.params.map((p) => `${p.ilo}:${typeSource(p.type)}`).join(' ');
  return { doc, decl: `tool ${t.ilo}${iloString(t.description)}${params ? ' ' + params : ''}>${typeSource(t.returnType)}` };
}

/** One declaration as source: its doc comment lines then the declaration line. */
export function declSource(lines: { doc: string[]; decl: string }): string {
  return [...lines.doc.map((l) => (l === '' ? '--' : `-- ${l}`)), lines.decl].join('\n');
}
