// Loads the ohm grammar (ilo.ohm) once and turns a normalised chunk into raw
// lexical items. The grammar file is read at run time from beside this module
// (server/src/syntax under tsx, dist/ in the bundle, where the build copies it).

import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ohm from 'ohm-js';

/** The ohm rule that matched an item (see ilo.ohm) and its range in the normalised text. */
export type RawKind = 'newline' | 'number' | 'text' | 'word' | 'sigil' | 'op' | 'underscore' | 'bad';

export interface RawItem {
  kind: RawKind;
  start: number;
  end: number;
}

let grammar: ohm.Grammar | undefined;
let semantics: ohm.Semantics | undefined;

function grammarPath(): string {
  const here = path.join(__dirname, 'ilo.ohm');
  if (fs.existsSync(here)) return here;
  // Fallbacks for unusual layouts (e.g. a test runner with a different __dirname).
  const candidates = [
    path.join(__dirname, '..', 'ilo.ohm'),
    path.join(process.cwd(), 'server', 'src', 'syntax', 'ilo.ohm'),
    path.join(process.cwd(), 'dist', 'ilo.ohm'),
  ];
  return candidates.find((p) => fs.existsSync(p)) ?? here;
}

function load(): { g: ohm.Grammar; s: ohm.Semantics } {
  if (grammar === undefined || semantics === undefined) {
    grammar = ohm.grammar(fs.readFileSync(grammarPath(), 'utf8'));
    semantics = grammar.createSemantics().addOperation('items(out)', {
      chunk(items) {
        const out = this.args.out as RawItem[];
        for (const item of items.children) {
          const node = item.child(0);
          const rule = node.ctorName;
          if (rule === 'blank' || rule === 'comment') continue;
          out.push({ kind: rule as RawKind, start: node.source.startIdx, end: node.source.endIdx });
        }
        return out;
      },
    });
  }
  return { g: grammar, s: semantics };
}

/** The loaded grammar (for tests and tooling). */
export function iloGrammar(): ohm.Grammar {
  return load().g;
}

/** Longest text handed to one ohm match; longer text is split between items (ohm's memo grows with input). */
const SEGMENT = 4096;

/** Split normalised text into lexical items with ohm. Never fails: unknown characters come back as `bad`. */
export function lexItems(text: string): RawItem[] {
  if (text.length <= SEGMENT) return matchItems(text);
  const out: RawItem[] = [];
  let from = 0;
  while (from < text.length) {
    const to = safeSplit(text, from);
    for (const it of matchItems(text.slice(from, to))) out.push({ kind: it.kind, start: it.start + from, end: it.end + from });
    from = to;
  }
  return out;
}

/**
 * Where to end the segment that starts at `from`: the first blank, `;` or
 * newline outside a text literal after half a segment. Those characters never
 * occur inside an item (comments are gone after normalisation), so the items
 * on both sides are the same as in one match.
 */
function safeSplit(text: string, from: number): number {
  let inText = false;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (inText) {
      if (c === '\\') i++;
      else if (c === '"') inText = false;
    } else if (c === '"') {
      inText = true;
    } else if ((c === ' ' || c === ';' || c === '\n') && i - from >= SEGMENT / 2) {
      return i;
    }
  }
  return text.length;
}

function matchItems(text: string): RawItem[] {
  const { g, s } = load();
  const m = g.match(text, 'chunk');
  const out: RawItem[] = [];
  if (m.failed()) {
    // Cannot happen (`bad` matches any character); report the whole text as one bad item.
    if (text.length > 0) out.push({ kind: 'bad', start: 0, end: 1 });
    return out;
  }
  s(m)['items'](out);
  return out;
}
