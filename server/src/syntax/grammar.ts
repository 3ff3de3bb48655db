// Loads the ohm grammar (ilo.ohm) once. Its lexical layer turns a normalised
// chunk into raw lexical items (the tolerant path, lexer.ts), matched by the
// regular expression lexicalRegex.ts compiles from it (ohm's own matcher of
// the same rules gives the same items, and tests hold the two together); its
// syntactic layer gives the strict path an outline of a chunk (strictOutline, below).
// The grammar file is read at run time from beside this module
// (server/src/syntax under tsx, dist/ in the bundle, where the build copies it).

import * as fs from 'node:fs';
import * as path from 'node:path';
import type * as ohm from 'ohm-js';
import { normalizeNewlines } from './normalize';
import { compileItemRegex, itemAt, itemRegexFromSpec, regexItems, type ItemRegex, type ItemRegexSpec } from './lexicalRegex';

/** The ohm rule that matched an item (see ilo.ohm) and its range in the normalised text. */
export type RawKind = 'newline' | 'number' | 'text' | 'word' | 'sigil' | 'op' | 'underscore' | 'bad';

export interface RawItem {
  kind: RawKind;
  start: number;
  end: number;
}

let lexicalGrammar: ohm.Grammar | undefined;
let matcher: ohm.Matcher | undefined;
let fullGrammar: ohm.Grammar | undefined;
let source: string | undefined;

/**
 * ohm-js, loaded on first use: the bundles carry the lexical layer already
 * compiled (ILO_ITEM_REGEX below), so a plain `ilo-ls check` never loads ohm;
 * the strict path, running from source and the tools that match with ohm do.
 */
let ohmModule: typeof ohm | undefined;
function ohmLib(): typeof ohm {
  ohmModule ??= require('ohm-js') as typeof ohm;
  return ohmModule;
}

/**
 * ilo.ohm's syntactic layer starts at this line. The lexical path uses only
 * the rules above it, compiled at build time (scripts/grammarRecipe.mjs, which
 * has the same marker); the full grammar is compiled the first time the
 * strict path or a tool asks for it.
 */
const SYNTACTIC_LAYER_MARKER = '// @syntactic-layer';

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

function grammarSource(): string {
  source ??= fs.readFileSync(grammarPath(), 'utf8');
  return source;
}

/**
 * The lexical layer's grammar compiled by the build (scripts/grammarRecipe.mjs
 * puts its ohm recipe into the bundles); not defined when running from source.
 */
declare const ILO_LEXICAL_RECIPE: string | undefined;

/** ohm-js exports makeRecipe (the inverse of Grammar.toRecipe) but does not declare it. */
function fromRecipe(recipe: string): ohm.Grammar {
  return (ohmLib() as unknown as { makeRecipe(recipe: string): ohm.Grammar }).makeRecipe(recipe);
}

/** The lexical layer of ilo.ohm (the rules above the marker) compiled from source. */
export function compileLexicalGrammar(): ohm.Grammar {
  const src = grammarSource();
  const cut = src.indexOf(SYNTACTIC_LAYER_MARKER);
  return ohmLib().grammar(cut < 0 ? src : src.slice(0, cut) + '\n}\n');
}

/**
 * One matcher of the lexical grammar, reused for every text (a fresh matcher
 * per match costs more than matching a short text).
 */
function lexicalMatcher(): ohm.Matcher {
  matcher ??= lexicalGrammarObject().matcher();
  return matcher;
}

/** The lexical layer's grammar: from the build's recipe in the bundles, compiled from ilo.ohm otherwise. */
function lexicalGrammarObject(): ohm.Grammar {
  lexicalGrammar ??= typeof ILO_LEXICAL_RECIPE === 'string' ? fromRecipe(ILO_LEXICAL_RECIPE) : compileLexicalGrammar();
  return lexicalGrammar;
}

/** The whole grammar, lexical and syntactic layers (for the strict path, tests and tooling). */
export function iloGrammar(): ohm.Grammar {
  fullGrammar ??= ohmLib().grammar(grammarSource());
  return fullGrammar;
}

/**
 * Split normalised text into lexical items. Never fails: unknown characters
 * come back as `bad`. The items are those of one match of ilo.ohm's `chunk`
 * over the whole text (the compiled expression, lexicalRegex.ts), read one
 * after the other where the last one ended.
 *
 * Two items are read here rather than by the expression, by the same rule:
 * a quote that no later quote closes is a `bad` item of its own (ohm's `text`
 * fails there), found without scanning the rest of the text again for every
 * such quote (TextEnds); and at level 26 a `"""` literal is one text item.
 */
export function lexItems(text: string): RawItem[] {
  const stream = new ItemStream(text);
  stream.has(Infinity);
  const out: RawItem[] = [];
  for (let k = 0; k < stream.count; k++) out.push({ kind: stream.kind(k), start: stream.starts[k], end: stream.ends[k] });
  return out;
}

/** The kinds of items, by the code an ItemStream keeps for them. */
export const RAW_KINDS: readonly RawKind[] = ['newline', 'number', 'text', 'word', 'sigil', 'op', 'underscore', 'bad'];
/** Item kind → code; no prototype, so only the kinds above have one (blanks and comments have none). */
const KIND_CODE: Readonly<Record<string, number>> = Object.assign(Object.create(null) as Record<string, number>, Object.fromEntries(RAW_KINDS.map((k, i) => [k, i])));
const BAD = KIND_CODE.bad;
const TEXT = KIND_CODE.text;

/**
 * The item arrays of the stream being lexed, reused from one stream to the
 * next (a long file is lexed in some 1,500 chunks; arrays grown per chunk were
 * most of the lexer's garbage). Lexing is never re-entered, and a stream
 * reads them only until the next stream is made.
 */
let sharedKinds = new Uint8Array(1024);
let sharedStarts = new Int32Array(1024);
let sharedEnds = new Int32Array(1024);

/**
 * The items of a text, lexed a statement at a time as they are asked for:
 * the lexer stops at a chunk's first lexical error, so a long run of garbage
 * is lexed only up to it. Valid until the next ItemStream is made (its arrays are shared).
 */
export class ItemStream {
  /** Items lexed so far. */
  count = 0;
  /**
   * The items lexed so far, in order, as three parallel arrays (kind code, see
   * RAW_KINDS; start; end): no object per item. Read them again after `has`,
   * which may replace them with longer ones.
   */
  kinds = sharedKinds;
  starts = sharedStarts;
  ends = sharedEnds;
  private i: number;
  private readonly texts: TextEnds;
  private readonly items: ItemRegex;

  /** Items of `text` from offset `start` on (offsets stay those of `text`). */
  constructor(
    private readonly text: string,
    start = 0,
    /** Level 26: `"""..."""` is one text item (read here, never by the expression). */
    private readonly triple = false,
  ) {
    this.i = start;
    this.texts = new TextEnds(text);
    this.items = lexicalItemRegex();
  }

  /** Whether item `index` exists, lexing statements until it does or the text ends. */
  has(index: number): boolean {
    while (this.count <= index && this.i < this.text.length) this.lexStatement();
    return index < this.count;
  }

  /** The kind of item `index` (lexed already). */
  kind(index: number): RawKind {
    return RAW_KINDS[this.kinds[index]];
  }

  private push(kind: number, start: number, end: number): void {
    const n = this.count;
    if (n === this.kinds.length) this.grow();
    this.kinds[n] = kind;
    this.starts[n] = start;
    this.ends[n] = end;
    this.count = n + 1;
  }

  private grow(): void {
    const size = this.kinds.length * 2;
    const kinds = new Uint8Array(size);
    const starts = new Int32Array(size);
    const ends = new Int32Array(size);
    kinds.set(this.kinds);
    starts.set(this.starts);
    ends.set(this.ends);
    this.kinds = sharedKinds = kinds;
    this.starts = sharedStarts = starts;
    this.ends = sharedEnds = ends;
  }

  /** Keep the items before `index`, then lex the text from offset `start` on. */
  restartAt(index: number, start: number): void {
    if (index < this.count) this.count = index;
    this.i = start;
  }

  /**
   * Lex items up to and including the next `;` or line break, or to the first
   * item end past BATCH characters (a long line of garbage is not lexed whole
   * when its first error is near its start), or to the end of the text.
   */
  private lexStatement(): void {
    const text = this.text;
    const items = this.items;
    let i = this.i;
    const stop = i + BATCH;
    while (i < text.length) {
      if (i >= stop) {
        this.i = i;
        return;
      }
      const c = text.charCodeAt(i);
      if (c === 34 /* " */) {
        if (this.triple && text.charCodeAt(i + 1) === 34 && text.charCodeAt(i + 2) === 34) {
          const close = text.indexOf('"""', i + 3);
          // Unterminated: the opening quote alone is `bad` (the lexer reports it), the rest is lexed on.
          if (close < 0) this.push(BAD, i, i + 1);
          else this.push(TEXT, i, close + 3);
          i = close < 0 ? i + 1 : close + 3;
          continue;
        }
        if (this.texts.endOf(i) < 0) {
          // Unterminated: ohm's `text` fails and `bad` takes the quote alone.
          this.push(BAD, i, i + 1);
          i++;
          continue;
        }
      }
      const k = itemAt(items, text, i);
      if (k < 0) {
        // Cannot happen (`bad` matches any character); make progress regardless.
        const w = (text.codePointAt(i) as number) > 0xffff ? 2 : 1;
        this.push(BAD, i, i + w);
        i += w;
        continue;
      }
      const alternative = items.alternatives[k];
      const end = alternative.regex.lastIndex;
      const code = KIND_CODE[alternative.kind];
      // Blanks and comments are not items of the stream.
      if (code !== undefined) this.push(code, i, end);
      i = end;
      if (c === 59 /* ; */ || c === 10 /* \n */) {
        this.i = i;
        return;
      }
    }
    this.i = text.length;
  }
}

/** Characters lexed at most before the stream looks whether it has the item asked for (one statement, usually). */
const BATCH = 2048;

/**
 * Where the text literal opened by a quote ends (just after its closing
 * quote), or -1 when it is not closed: a backslash escapes the next
 * character. Positions from which the scan already ran off the end are
 * remembered, so a run of unterminated quotes costs linear time.
 */
export class TextEnds {
  private unclosed: Uint8Array | undefined;
  constructor(private readonly text: string) {}

  endOf(quote: number): number {
    const text = this.text;
    let k = quote + 1;
    while (k < text.length) {
      if (this.unclosed !== undefined && this.unclosed[k] === 1) break;
      const c = text.charCodeAt(k);
      if (c === 34) return k + 1;
      k += c === 92 /* \\ */ ? 2 : 1;
    }
    // Not closed: remember the positions the scan went through (the same steps again).
    const unclosed = (this.unclosed ??= new Uint8Array(text.length));
    for (let p = quote + 1; p < k; p += text.charCodeAt(p) === 92 ? 2 : 1) unclosed[p] = 1;
    return -1;
  }
}

/** Forget every cached outline (benchmarks use it to measure a truly cold parse). */
export function clearLexCache(): void {
  outlineCache.clear();
}

/**
 * The parts of ohm's concrete syntax tree that the lexer reads. Reading the
 * tree directly, rather than through a semantics, creates no wrapper and no
 * interval per item (a third of the time of a cold lex).
 */
interface CstNode {
  ctorName: string;
  matchLength: number;
  children: CstNode[];
  childOffsets: number[];
}

/**
 * The lexical layer's start rule compiled to one regular expression
 * (lexicalRegex.ts): compiled by the build from ilo.ohm into the bundles
 * (scripts/grammarRecipe.mjs), compiled here on first use otherwise.
 */
let itemRegex: ItemRegex | undefined;
declare const ILO_ITEM_REGEX: ItemRegexSpec | undefined;

/** The compiled lexical layer (tests compare the build's with one compiled from ilo.ohm now). */
export function lexicalItemRegex(): ItemRegex {
  itemRegex ??= typeof ILO_ITEM_REGEX === 'object' ? itemRegexFromSpec(ILO_ITEM_REGEX) : compileItemRegex(lexicalGrammarObject(), 'chunk');
  return itemRegex;
}

/** The items of a text: what ohm's match of `chunk` gives, by the compiled expression. */
export function matchItems(text: string): RawItem[] {
  const out: RawItem[] = [];
  regexItems(lexicalItemRegex(), text, (kind, start, end) => {
    if (kind !== 'blank' && kind !== 'comment') out.push({ kind: kind as RawKind, start, end });
  });
  return out;
}

/**
 * The items of a text by ohm's own matcher of ilo.ohm's lexical layer: the
 * reference the compiled expression is tested against
 * (test/syntax/lexicalRegex.test.ts).
 */
export function matchItemsWithOhm(text: string): RawItem[] {
  const m = lexicalMatcher();
  m.setInput(text);
  const result = m.match('chunk');
  const out: RawItem[] = [];
  // `chunk = item*`: the root's one child is the iteration of items.
  const items = (result as unknown as { _cst?: CstNode })._cst?.children[0];
  if (result.failed() || items === undefined) {
    // Cannot happen (`bad` matches any character); report the whole text as one bad item.
    if (text.length > 0) out.push({ kind: 'bad', start: 0, end: 1 });
    return out;
  }
  for (let i = 0; i < items.children.length; i++) {
    const node = items.children[i];
    const rule = node.ctorName;
    if (rule === 'blank' || rule === 'comment') continue;
    const start = items.childOffsets[i];
    out.push({ kind: rule as RawKind, start, end: start + node.matchLength });
  }
  return out;
}

// ---------------------------------------------------------------- strict path

// The syntactic layer of ilo.ohm (rule `Chunk`) read into an OUTLINE: the
// structure of a chunk (declarations, types, statements, blocks) with every
// expression left as an unresolved span. parser/resolve.ts turns an outline into AST
// nodes with the arity tables. Spans are chunk-relative *document* offsets
// (normalisation already undone), so one outline serves every copy of the
// same chunk text wherever it sits in a document.

/** A half-open range of chunk-relative document offsets. */
export interface OSpan {
  s: number;
  e: number;
}

export type OType =
  | (OSpan & { k: 'paren'; inner: OType })
  | (OSpan & { k: 'any' | 'fixed' | 'named' })
  | (OSpan & { k: 'opt' | 'list'; a: OType })
  | (OSpan & { k: 'map' | 'result'; a: OType; b: OType })
  | (OSpan & { k: 'sum'; names: OSpan[] })
  | (OSpan & { k: 'fn'; types: OType[] });

export interface OParam {
  name: OSpan;
  type: OType;
}

export interface OBlock extends OSpan {
  stmts: OStmt[];
}

export type OStmt =
  | (OSpan & { k: 'foreach'; binding: OSpan; from: OSpan; to?: OSpan; body: OBlock })
  | (OSpan & { k: 'while'; cond: OSpan; body: OBlock })
  | (OSpan & { k: 'ret'; value: OSpan })
  | (OSpan & { k: 'cnt' })
  | (OSpan & { k: 'destructure'; names: OSpan[]; value: OSpan })
  | (OSpan & { k: 'guard'; negated: boolean; cond: OSpan; body: OBlock; elseBody?: OBlock })
  /** Arity decides its shape (bind, break, braceless guard, ternary, match, call...): the parser reads it. */
  | (OSpan & { k: 'piece' });

export type ODecl =
  | (OSpan & { k: 'fn'; name: OSpan; params: OParam[]; ret: OType; braced: boolean; body: OStmt[] })
  | (OSpan & { k: 'type'; name: OSpan; fields: OParam[] })
  | (OSpan & { k: 'tool'; name: OSpan; desc: OSpan; params: OParam[]; ret: OType; options: OSpan[] })
  | (OSpan & { k: 'use'; path: OSpan; names?: OSpan[] })
  | (OSpan & { k: 'alias'; name: OSpan; target: OType });

let strictSemantics: ohm.Semantics | undefined;
/** Normalised → chunk-relative document offsets for the match being read (set by strictOutline). */
let offsetMap: Int32Array = new Int32Array(1);

function sp(node: ohm.Node): OSpan {
  const s = node.source.startIdx;
  const e = node.source.endIdx;
  const start = offsetMap[s];
  return { s: start, e: e > s ? offsetMap[e - 1] + 1 : start };
}

function withSpan<T extends object>(node: ohm.Node, x: T): T & OSpan {
  return { ...sp(node), ...x };
}

function loadStrict(): { g: ohm.Grammar; s: ohm.Semantics } {
  const g = iloGrammar();
  if (strictSemantics === undefined) {
    const ol = (n: ohm.Node): unknown => n['ol']();
    const stmtList = (first: ohm.Node, rest: ohm.Node): OStmt[] => [first, ...rest.children].map((x) => ol(x) as OStmt);
    strictSemantics = g.createSemantics().addOperation<unknown>('ol', {
      Chunk(decls, _nl) {
        return decls.children.map(ol);
      },
      TypeDecl(_kw, name, _o, fields, _c) {
        return withSpan(this, { k: 'type', name: sp(name), fields: fields.asIteration().children.map(ol) });
      },
      ToolDecl(_kw, name, desc, params, _gt, ret, options) {
        return withSpan(this, {
          k: 'tool',
          name: sp(name),
          desc: sp(desc),
          params: params.children.map(ol),
          ret: ol(ret),
          options: options.children.map(ol),
        });
      },
      ToolOption(_key, _colon, _num, _comma) {
        return sp(this);
      },
      UseDecl(_kw, path, names) {
        const list = names.children[0];
        return withSpan(this, list === undefined ? { k: 'use', path: sp(path) } : { k: 'use', path: sp(path), names: ol(list) });
      },
      UseNames(_o, names, _c) {
        return names.children.map(sp);
      },
      AliasDecl(_kw, name, target) {
        return withSpan(this, { k: 'alias', name: sp(name), target: ol(target) });
      },
      FnDecl(name, params, _gt, ret, _semi, body) {
        const b = ol(body) as { braced: boolean; body: OStmt[] };
        return withSpan(this, { k: 'fn', name: sp(name), params: params.children.map(ol), ret: ol(ret), ...b });
      },
      FnBody_braced(block) {
        return { braced: true, body: (ol(block) as OBlock).stmts };
      },
      FnBody_plain(stmts) {
        return { braced: false, body: ol(stmts) };
      },
      Param(name, _c, type) {
        return { name: sp(name), type: ol(type) };
      },
      Type_paren(_o, inner, _c) {
        return withSpan(this, { k: 'paren', inner: ol(inner) });
      },
      Type_any(_u) {
        return withSpan(this, { k: 'any' });
      },
      Type_opt(_o, a) {
        return withSpan(this, { k: 'opt', a: ol(a) });
      },
      Type_list(_l, a) {
        return withSpan(this, { k: 'list', a: ol(a) });
      },
      Type_map(_m, a, b) {
        return withSpan(this, { k: 'map', a: ol(a), b: ol(b) });
      },
      Type_result(_r, a, b) {
        return withSpan(this, { k: 'result', a: ol(a), b: ol(b) });
      },
      Type_sum(_s, names) {
        return withSpan(this, { k: 'sum', names: names.children.map(sp) });
      },
      Type_fn(_f, types) {
        return withSpan(this, { k: 'fn', types: types.children.map(ol) });
      },
      Type_fixed(_t) {
        return withSpan(this, { k: 'fixed' });
      },
      Type_named(_n) {
        return withSpan(this, { k: 'named' });
      },
      TopStmts(first, _semis, rest, _trail) {
        return stmtList(first, rest);
      },
      Stmts(first, _semis, rest, _trail) {
        return stmtList(first, rest);
      },
      Block(_o, stmts, _c) {
        const inner = stmts.children[0];
        return withSpan(this, { stmts: inner === undefined ? [] : ol(inner) });
      },
      Foreach(_at, binding, from, _dots, to, body) {
        const t = to.children[0];
        const base = { k: 'foreach', binding: sp(binding), from: sp(from), body: ol(body) };
        return withSpan(this, t === undefined ? base : { ...base, to: sp(t) });
      },
      While(_kw, cond, body) {
        return withSpan(this, { k: 'while', cond: sp(cond), body: ol(body) });
      },
      Return(_kw, value) {
        return withSpan(this, { k: 'ret', value: sp(value) });
      },
      Break(_kw, _value) {
        return withSpan(this, { k: 'piece' });
      },
      Continue(_kw) {
        return withSpan(this, { k: 'cnt' });
      },
      Destructure(_o, names, _c, _eq, value) {
        return withSpan(this, { k: 'destructure', names: names.asIteration().children.map(sp), value: sp(value) });
      },
      Bind(_name, _eq, _value, _then, _else) {
        return withSpan(this, { k: 'piece' });
      },
      Guard(bang, cond, body, elseBody) {
        const e = elseBody.children[0];
        const base = { k: 'guard', negated: bang.children.length > 0, cond: sp(cond), body: ol(body) };
        return withSpan(this, e === undefined ? base : { ...base, elseBody: ol(e) });
      },
      ExprStmt(_e) {
        return withSpan(this, { k: 'piece' });
      },
    });
  }
  return { g, s: strictSemantics };
}

/** Outlines by chunk text (null: the strict grammar rejects the chunk). */
const outlineCache = new Map<string, ODecl[] | null>();
const OUTLINE_CACHE_LIMIT = 20_000;

/**
 * The strict grammar's outline of one chunk (raw document text of a chunk,
 * as split by incremental/chunks.ts), or undefined when the chunk is not well-formed
 * code in the grammar's eyes. Never throws.
 */
export function strictOutline(chunkText: string): ODecl[] | undefined {
  const hit = outlineCache.get(chunkText);
  if (hit !== undefined) return hit ?? undefined;
  let result: ODecl[] | null = null;
  try {
    const norm = normalizeNewlines(chunkText, 0);
    const { g, s } = loadStrict();
    const m = g.match(norm.text, 'Chunk');
    if (m.succeeded()) {
      offsetMap = norm.map;
      result = s(m)['ol']() as ODecl[];
    }
  } catch {
    // Too deep for ohm (stack overflow) or similar: the tolerant path will report what is wrong.
    result = null;
  }
  if (outlineCache.size >= OUTLINE_CACHE_LIMIT) outlineCache.clear();
  outlineCache.set(chunkText, result);
  return result ?? undefined;
}
