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

/**
 * Items of one statement-sized piece, by piece text. Lexing is a pure function
 * of the text, so the cache is shared by all documents; it is dropped when it
 * grows past PIECE_CACHE_LIMIT entries.
 */
const pieceCache = new Map<string, RawItem[]>();
const PIECE_CACHE_LIMIT = 200_000;

/**
 * Split normalised text into lexical items. Never fails: unknown characters
 * come back as `bad`.
 *
 * The text is cut before every `;` and newline outside text literals (no item
 * spans those characters once comments are gone), each piece is matched with
 * ohm on its own and remembered, so re-lexing a declaration after a one-letter
 * edit only runs ohm on the statement that changed.
 */
export function lexItems(text: string): RawItem[] {
  const out: RawItem[] = [];
  let from = 0;
  let inText = false;
  const flush = (to: number): void => {
    if (to <= from) return;
    const piece = text.slice(from, to);
    let items = pieceCache.get(piece);
    if (items === undefined) {
      items = matchItems(piece);
      if (pieceCache.size >= PIECE_CACHE_LIMIT) pieceCache.clear();
      pieceCache.set(piece, items);
    }
    for (const it of items) out.push({ kind: it.kind, start: it.start + from, end: it.end + from });
    from = to;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inText) {
      if (c === 92 /* \\ */) i++;
      else if (c === 34 /* " */) inText = false;
    } else if (c === 34) {
      inText = true;
    } else if (c === 59 /* ; */ || c === 10 /* \n */) {
      flush(i);
    } else if (i - from >= MAX_PIECE && c === 32 /* space */) {
      // A very long statement: cut at a blank too (ohm's cost grows faster than linearly).
      flush(i);
    }
  }
  flush(text.length);
  return out;
}

/** Forget every cached piece (benchmarks use it to measure a truly cold parse). */
export function clearLexCache(): void {
  pieceCache.clear();
}

/** Longest piece before it is also cut at blanks. */
const MAX_PIECE = 2048;

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
