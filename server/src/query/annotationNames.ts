// Parameter and field names written in a declaration's doc-comment
// annotations (`@param uid …`, `@field lat=latitude …`, `@schema uid {…}`).
// They are not references in the program, but a rename must carry them
// along, or the annotation would name a parameter that no longer exists.

import type { Decl, Span } from '../syntax/ast';
import { parseAnnotations } from '../schema/annotations';

export interface AnnotationName extends Span {
  /** The parameter or field named. */
  name: string;
  key: 'param' | 'field' | 'schema';
  /** For `@param`/`@field`: the `=wire` written after the name, if any (span of the whole `=wire`). */
  wire?: Span & { text: string };
}

const NAMED_KEYS = new Set(['param', 'field', 'schema']);

/** Member names (params or fields) named by the annotations above `decl`, as written in `text`. */
export function annotationNames(decl: Decl, text: string): AnnotationName[] {
  if (decl.doc.length === 0 || decl.kind === 'AliasDecl' || decl.kind === 'UseDecl' || decl.kind === 'ErrorDecl') return [];
  if (decl.kind === 'SumTypeDecl' || decl.kind === 'TestDecl') return [];
  const members = new Set((decl.kind === 'TypeDecl' ? decl.fields : decl.params).map((p) => p.name.text));
  const out: AnnotationName[] = [];
  for (const entry of parseAnnotations(decl.doc, decl).annotations.entries) {
    if (!NAMED_KEYS.has(entry.key)) continue;
    const m = /^[^\s=]+/.exec(entry.argument);
    if (!m) continue;
    const name = m[0];
    const start = entry.argumentStart;
    const end = start + name.length;
    if (!members.has(name) || text.slice(start, end) !== name) continue;
    const key = entry.key as AnnotationName['key'];
    const item: AnnotationName = { name, key, start, end };
    if (key !== 'schema' && entry.argument[name.length] === '=') {
      const w = /^=("(?:[^"\\]|\\.)*"|\S*)/.exec(entry.argument.slice(name.length));
      if (w) item.wire = { text: w[1], start: end, end: end + w[0].length };
    }
    out.push(item);
  }
  return out;
}
