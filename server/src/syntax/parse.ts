// Public entry points: parseIlo (one-shot) and IncrementalParser (one per open
// document, reusing work across edits).
//
// Pipeline: splitChunks (incremental/chunks.ts) → lex each chunk (lexer.ts) →
// one token stream → Parser (parser/), whose top-level loop runs here, chunk
// by chunk.
//
// Two paths per chunk (a chunk that is not reused from the cache):
//   - STRICT (ParseOptions.strict, off by default): the syntactic layer of
//     ilo.ohm matches the chunk (grammar.ts strictOutline) and parser/resolve.ts
//     builds its declarations, letting the parser's expression code group
//     each operand sequence by arity. Arity registrations of a declined
//     attempt are undone (Env.checkpoint / rollback).
//   - TOLERANT: the recursive-descent parser, with the reference's error
//     codes and recovery. It takes every chunk the strict path declines:
//     no grammar match, an operand sequence the parser groups differently,
//     or a parse that could read on into the next chunk.
// Both give identical trees on the chunks the strict path accepts
// (test/syntax/strict.test.ts checks the whole corpus both ways).
//
// What is reused after an edit (a chunk = a column-0 declaration line and its
// continuation lines; see incremental/chunks.ts):
//   - tokens: a chunk whose text is unchanged keeps its tokens (shifted in
//     place when the chunk moved); only changed chunks are lexed with ohm;
//   - declarations: a chunk's parse result is reused when its text is the
//     same, the parse reaches the chunk's first token at a declaration start,
//     the user-function arities it looked up are unchanged, the tokens it
//     peeked at past its end are unchanged, and the error-cascade state
//     matches. Otherwise it is parsed again.
// Reused nodes keep document-absolute offsets: each cached result keeps a flat
// list of its nodes so moving it costs one addition per node.

import type { Diagnostic } from '../diagnostics';
import { chooseLevel, LEVEL_011, type FileLevel, type LanguageLevel } from '../level';
import { pragmaDiagnostics } from './pragmaDiagnostics';
import { binaryContent, binaryMessage } from './binaryText';
import type * as A from './ast';
import type { CallShape } from './callArity';
import { scanChunks, splitChunks, type Chunk } from './incremental/chunks';
import { strictOutline } from './grammar';
import { lex } from './lexer';
import { commonPrefixLength, commonSuffixLength } from './textDiff';
import { MAX_ERRORS, Parser, type ArityEnv } from './parser';
import { isStrictFallback, resolveChunk } from './parser/resolve';
import type { Token } from './tokens';

export interface ParseOptions {
  /**
   * The level of a file without a `^YY.M` pragma (the resolved setting or
   * `--language-version`). Default: 0.11. A pragma overrides it.
   */
  level?: LanguageLevel;
  /** Functions and tools of `use`d files: name → parameter count (they group operands only where the level's `usedFileArities` is on). */
  externalArities?: ReadonlyMap<string, number>;
  /** Functions of `use`d files: name → parameter names (what level-26 labelled arguments resolve against). */
  externalParams?: ReadonlyMap<string, readonly string[]>;
  /**
   * Whether chunk parses are kept for the next parse of this IncrementalParser
   * (default true). A one-shot parse (`ilo-ls check` reads each file once)
   * skips the bookkeeping reuse needs: lookups, lookahead, span lists.
   */
  reuse?: boolean;
  /**
   * Try the strict path (the ohm grammar's syntactic layer + parser/resolve.ts) on
   * each chunk before the tolerant parser. Default: STRICT_BY_DEFAULT.
   */
  strict?: boolean;
}

/**
 * Whether the strict path runs when ParseOptions.strict is not given. Off:
 * `npm run bench` shows it makes the cold parse of the 5,000-line file about
 * 4x slower and edits slower (an ohm match of the syntactic grammar costs
 * more than the lexical match and the recursive descent together), which the
 * integration rule does not allow. test/syntax/strict.test.ts keeps the two
 * paths in step.
 */
export const STRICT_BY_DEFAULT = false;

/** How the chunks of the last parse were read. */
export interface ParseStats {
  /** Chunks built by the strict path. */
  strict: number;
  /** Chunks parsed by the tolerant parser (the strict path, if on, declined them). */
  tolerant: number;
  /** Chunks whose cached declarations were reused. */
  reused: number;
}

export interface ParseResult {
  program: A.Program;
  diagnostics: Diagnostic[];
}

/** Files larger than this are not analysed (ohm's cost is linear, but about 2-3 µs per character). */
export const MAX_DOCUMENT_LENGTH = 1_000_000;

/** Parse a whole document. Never throws. */
export function parseIlo(text: string, options?: ParseOptions): ParseResult {
  return new IncrementalParser().parse(text, options);
}

/** A span-carrying object: tokens, AST nodes, diagnostics, edits. */
interface Spanned {
  start: number;
  end: number;
}

/** One chunk of the document with its lexed content at its current position. */
interface Slot {
  text: string;
  base: number;
  /** Tokens (newline tokens mark column-0 breaks), document offsets. */
  tokens: Token[];
  comments: A.Comment[];
  lexError?: Diagnostic;
  /** The cached parse of this chunk, if it parsed on its own last time. */
  parsed?: ParsedChunk;
}

interface ParsedChunk {
  /** The last parse (IncrementalParser.generation) whose result included these declarations. */
  usedIn: number;
  /** Fingerprint of the arity table when this chunk was parsed (see Env.fingerprint). */
  envBefore: number;
  suppressIn: boolean;
  suppressOut: boolean;
  consulted: Map<string, CallShape | undefined>;
  registrations: Array<[string, CallShape]>;
  /** What the registrations do to the fingerprint, all at once (see Env.replay). */
  mix: Mix;
  /** Tokens peeked past the chunk end: the token, its kind, text and column-0 flag (undefined = end of input). */
  lookahead: Array<{ token: Token; kind: string; text: string; boundary: boolean } | undefined>;
  decls: A.Decl[];
  errors: Diagnostic[];
  /** Every object with start/end in decls and errors, each once. */
  spans: Spanned[];
}

/** Arity table of user functions; records what a chunk parse looked up. */
class Env implements ArityEnv {
  readonly shapes = new Map<string, CallShape>();
  /** Hash of every registration so far, in order: equal fingerprints mean equal tables (almost surely). */
  fingerprint = 17;
  recording: { consulted: Map<string, CallShape | undefined>; registered: Array<[string, CallShape]> } | undefined;

  constructor(external?: ReadonlyMap<string, number>, params?: ReadonlyMap<string, readonly string[]>) {
    if (external) {
      for (const [name, arity] of external) {
        const names = params?.get(name);
        this.register(name, names !== undefined && names.length === arity ? { arity, fnSlots: [], params: names } : { arity, fnSlots: [] });
      }
    }
  }
  lookup(name: string): CallShape | undefined {
    const v = this.shapes.get(name);
    const r = this.recording;
    if (r !== undefined && !r.consulted.has(name) && !r.registered.some(([n]) => n === name)) r.consulted.set(name, v);
    return v;
  }
  /** Remember the table's state so a failed strict attempt can be undone (see rollback). */
  checkpoint(): EnvCheckpoint {
    const r = this.recording;
    return {
      fingerprint: this.fingerprint,
      undo: [],
      consulted: r?.consulted.size ?? 0,
      registered: r?.registered.length ?? 0,
    };
  }
  /** Undo every registration and recorded lookup since `cp`. */
  rollback(cp: EnvCheckpoint): void {
    for (let k = cp.undo.length - 1; k >= 0; k--) {
      const [name, prev] = cp.undo[k];
      if (prev === undefined) this.shapes.delete(name);
      else this.shapes.set(name, prev);
    }
    this.fingerprint = cp.fingerprint;
    const r = this.recording;
    if (r !== undefined) {
      r.registered.length = cp.registered;
      let n = 0;
      for (const key of [...r.consulted.keys()]) if (n++ >= cp.consulted) r.consulted.delete(key);
    }
    this.active = undefined;
  }
  /** The checkpoint whose undo list collects registrations. */
  active: EnvCheckpoint | undefined;
  register(name: string, shape: CallShape): void {
    this.active?.undo.push([name, this.shapes.get(name)]);
    this.shapes.set(name, shape);
    this.recording?.registered.push([name, shape]);
    this.fingerprint = fingerprintAfter(this.fingerprint, name, shape);
  }
  /** Register again what a reused chunk registered; `mix` is their combined effect on the fingerprint. */
  replay(registrations: ReadonlyArray<[string, CallShape]>, mix: Mix): void {
    for (let i = 0; i < registrations.length; i++) this.shapes.set(registrations[i][0], registrations[i][1]);
    this.fingerprint = applyMix(mix, this.fingerprint);
  }
}

/**
 * A fingerprint update h → h·mul + add (mod 2^32). The fingerprint hashes the
 * registrations in order, one character at a time (h → 31·h + c); a run of
 * such steps is again of this form, so a reused chunk's registrations are
 * applied in one step and give the fingerprint the steps one by one would.
 */
interface Mix {
  mul: number;
  add: number;
}

const NO_MIX: Mix = { mul: 1, add: 0 };

function applyMix(m: Mix, h: number): number {
  return (Math.imul(h, m.mul) + m.add) | 0;
}

/** `first`, then `then`. */
function composeMix(first: Mix, then: Mix): Mix {
  return { mul: Math.imul(first.mul, then.mul), add: applyMix(then, first.add) };
}

/** The fingerprint steps of one registration: its name's characters, arity, function slots and an end mark. */
function registrationMix(name: string, shape: CallShape): Mix {
  let mul = 1;
  let add = 0;
  const step = (c: number): void => {
    mul = Math.imul(mul, 31);
    add = (Math.imul(add, 31) + c) | 0;
  };
  for (let i = 0; i < name.length; i++) step(name.charCodeAt(i));
  step(shape.arity);
  for (const slot of shape.fnSlots) step(1000 + slot);
  if (shape.params !== undefined) {
    for (const p of shape.params) {
      for (let i = 0; i < p.length; i++) step(p.charCodeAt(i));
      step(5);
    }
  }
  step(7);
  return { mul, add };
}

/** The fingerprint after one registration: applyMix(registrationMix(name, shape), h), step by step (nothing allocated). */
function fingerprintAfter(h: number, name: string, shape: CallShape): number {
  for (let i = 0; i < name.length; i++) h = (Math.imul(h, 31) + name.charCodeAt(i)) | 0;
  h = (Math.imul(h, 31) + shape.arity) | 0;
  const slots = shape.fnSlots;
  for (let i = 0; i < slots.length; i++) h = (Math.imul(h, 31) + 1000 + slots[i]) | 0;
  const params = shape.params;
  if (params !== undefined) {
    for (let k = 0; k < params.length; k++) {
      const p = params[k];
      for (let i = 0; i < p.length; i++) h = (Math.imul(h, 31) + p.charCodeAt(i)) | 0;
      h = (Math.imul(h, 31) + 5) | 0;
    }
  }
  return (Math.imul(h, 31) + 7) | 0;
}

interface EnvCheckpoint {
  fingerprint: number;
  undo: Array<[string, CallShape | undefined]>;
  consulted: number;
  registered: number;
}

function sameShape(a: CallShape | undefined, b: CallShape | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.arity !== b.arity || a.fnSlots.length !== b.fnSlots.length || !a.fnSlots.every((x, i) => x === b.fnSlots[i])) return false;
  const pa = a.params;
  const pb = b.params;
  if (pa === undefined || pb === undefined) return pa === pb;
  return pa.length === pb.length && pa.every((x, i) => x === pb[i]);
}

export class IncrementalParser {
  private slots: Slot[] = [];
  private text = '';
  /** The token stream of the last parse, aligned with `slots` (reused around an edit). */
  private stream?: TokenStream;
  /** Which slots the last buildSlots kept: `head` unchanged ones, then `tail` moved ones (old index `oldTail`). */
  private kept?: { head: number; oldTail: number; tail: number };
  /** How the chunks of the last parse were read. */
  lastStats: ParseStats = { strict: 0, tolerant: 0, reused: 0 };
  /** Counts parses (see ParsedChunk.usedIn). */
  private generation = 0;
  /** The level of the last parse (what the slots and the stream were built for). */
  private level: LanguageLevel | undefined;

  /** Parse `text`, reusing what is still valid from the previous call. Never throws. */
  parse(text: string, options?: ParseOptions): ParseResult {
    try {
      if (text.length > MAX_DOCUMENT_LENGTH) {
        this.forget();
        const limit = `files over ${MAX_DOCUMENT_LENGTH} are not analysed`;
        return unparsed(text, 'file-too-large', 'warning', `this file has ${text.length} characters; ${limit}`);
      }
      const binary = binaryContent(text);
      if (binary) {
        this.forget();
        return unparsed(text, 'binary-file', 'error', binaryMessage(text, binary), binary.first);
      }
      const fileLevel = chooseLevel(text, options?.level ?? LEVEL_011);
      // Every token and cached declaration depends on the level: a new level starts afresh.
      if (fileLevel.level !== this.level) this.forget();
      this.level = fileLevel.level;
      const result = this.parseUnsafe(text, fileLevel, options);
      this.text = text;
      return result;
    } catch (e) {
      // A bug must not take the editor down: report it as a diagnostic and start afresh next time.
      this.forget();
      const message = e instanceof Error ? e.message : String(e);
      return unparsed(text, 'internal-error', 'error', `the parser failed on this document: ${message}`);
    }
  }

  /** Drop what the last parse left for reuse: the next parse starts afresh. */
  private forget(): void {
    this.slots = [];
    this.text = '';
    this.stream = undefined;
    this.level = undefined;
  }

  /**
   * The slots of the new text. Only the region around the edit is re-chunked:
   * chunks before the first changed character keep their slots as they are,
   * chunks in the unchanged tail keep theirs, moved by the length difference.
   */
  private buildSlots(text: string, level: LanguageLevel): Slot[] {
    const old = this.slots;
    const oldText = this.text;
    this.kept = undefined;
    if (old.length === 0) return this.slotsFor(text, splitChunks(text, level.lexical), [], level);
    const min = Math.min(oldText.length, text.length);
    const p = commonPrefixLength(oldText, text, min);
    if (p === oldText.length && p === text.length) {
      this.kept = { head: old.length, oldTail: old.length, tail: 0 };
      return old;
    }
    const sfx = commonSuffixLength(oldText, text, min - p);
    const delta = text.length - oldText.length;
    // First slot that can change: whether a line starts a chunk depends on its
    // first two characters (`--` starts a comment line, which does not), so an
    // edit at `p` can undo a chunk start at `p - 1`: re-chunk from the slot
    // holding the character two before the edit.
    // Old slots are in offset order: both lookups below are binary searches.
    const baseOf = (k: number): number => old[k].base;
    const first = Math.max(0, lowerBound(old.length, baseOf, p - 1) - 1);
    const tailStart = text.length - sfx;
    /** Index of the old slot (after `first`) that starts at `base`, or -1. */
    const oldSlotAt = (base: number): number => {
      const k = lowerBound(old.length, baseOf, base, first + 1);
      return k < old.length && old[k].base === base ? k : -1;
    };
    const scan = scanChunks(text, old[first].base, level.lexical, (b) => b >= tailStart && oldSlotAt(b - delta) >= 0);
    let tail: Slot[] = [];
    let region = old.slice(first);
    if (scan.stoppedAt !== undefined) {
      const k = oldSlotAt(scan.stoppedAt - delta);
      tail = old.slice(k);
      region = old.slice(first, k);
      for (const slot of tail) moveSlot(slot, slot.base + delta);
    }
    const head = old.slice(0, first);
    this.kept = { head: first, oldTail: old.length - tail.length, tail: tail.length };
    return head.concat(this.slotsFor(text, scan.chunks, region, level), tail);
  }

  /**
   * The document's token stream (newline tokens folded into boundary flags).
   * Around an edit only the changed chunks' tokens are spliced into the last
   * stream: the unchanged head and the moved tail keep their token objects,
   * so a keystroke costs no per-token work (and little garbage) elsewhere.
   */
  private tokenStream(slots: Slot[]): TokenStream {
    const prev = this.stream;
    const kept = this.kept;
    if (prev === undefined || kept === undefined || prev.pendingIn.length !== kept.oldTail + kept.tail) return fullStream(slots);
    const midEnd = slots.length - kept.tail;
    const a = kept.head < prev.chunkFirst.length ? prev.chunkFirst[kept.head] : prev.toks.length;
    const b = kept.oldTail < prev.chunkFirst.length ? prev.chunkFirst[kept.oldTail] : prev.toks.length;
    const mid = fullStream(slots.slice(kept.head, midEnd), kept.head < prev.pendingIn.length ? prev.pendingIn[kept.head] : prev.pendingOut);
    // The tail's flags depend on whether a break is pending where it starts; if that changed, rebuild.
    const tailPendingWas = kept.oldTail < prev.pendingIn.length ? prev.pendingIn[kept.oldTail] : prev.pendingOut;
    if (mid.pendingOut !== tailPendingWas || mid.toks.length > 20_000) return fullStream(slots);
    const shift = mid.toks.length - (b - a);
    prev.toks.splice(a, b - a, ...mid.toks);
    prev.boundary.splice(a, b - a, ...mid.boundary.slice(0, mid.toks.length));
    if (kept.tail === 0) prev.boundary[prev.toks.length] = mid.pendingOut;
    const chunkFirst = prev.chunkFirst.slice(0, kept.head);
    for (const f of mid.chunkFirst) chunkFirst.push(f + a);
    for (let k = kept.oldTail; k < prev.chunkFirst.length; k++) chunkFirst.push(prev.chunkFirst[k] + shift);
    const pendingIn = prev.pendingIn.slice(0, kept.head).concat(mid.pendingIn, prev.pendingIn.slice(kept.oldTail));
    return { toks: prev.toks, boundary: prev.boundary, chunkFirst, pendingIn, pendingOut: kept.tail === 0 ? mid.pendingOut : prev.pendingOut };
  }

  /** Slots for `chunks`, reusing `candidates` with the same text, lexing the others. */
  private slotsFor(text: string, chunks: Chunk[], candidates: Slot[], level: LanguageLevel): Slot[] {
    const byText = new Map<string, Slot[]>();
    for (const s of candidates) {
      const list = byText.get(s.text);
      if (list) list.push(s);
      else byText.set(s.text, [s]);
    }
    const slots: Slot[] = [];
    const lexedNow = new Map<string, Slot>();
    for (const ch of chunks) {
      const src = text.slice(ch.start, ch.end);
      const list = byText.get(src);
      let slot: Slot | undefined;
      if (list !== undefined && list.length > 0) {
        let k = list.findIndex((s) => s.base === ch.start);
        if (k < 0) k = 0;
        slot = list[k];
        list.splice(k, 1);
        moveSlot(slot, ch.start);
      } else {
        const twin = lexedNow.get(src);
        if (twin !== undefined) {
          // The same text occurs earlier in this document: copy its tokens instead of lexing again.
          slot = copySlot(twin, ch.start);
        } else {
          const r = lex(src, ch.start, level.lexical);
          slot = { text: src, base: ch.start, tokens: r.tokens, comments: r.comments };
          if (r.error !== undefined) slot.lexError = r.error;
          lexedNow.set(src, slot);
        }
      }
      slots.push(slot);
    }
    return slots;
  }

  /**
   * Doc comments (see attachDoc). A declaration the last parse also returned
   * keeps its doc unless it starts between the first re-chunked slot and
   * the end of the first unchanged slot after it: the comments above a
   * declaration sit at the end of the chunk before it, and nothing else
   * moved relative to it.
   */
  private attachDocs(text: string, decls: readonly A.Decl[], built: readonly A.Decl[], comments: readonly A.Comment[], slots: readonly Slot[]): void {
    const kept = this.kept;
    if (kept === undefined) {
      // Whole document: both lists are in offset order, so one pass walks them together.
      let next = 0;
      for (const d of decls) {
        while (next < comments.length && comments[next].start < d.start) next++;
        attachDoc(text, d, comments, next);
      }
      return;
    }
    for (const d of built) attachDoc(text, d, comments, firstAtOrAfter(comments, d.start));
    const afterRegion = slots.length - kept.tail;
    const from = kept.head < slots.length ? slots[kept.head].base : text.length;
    const to = afterRegion < slots.length ? slots[afterRegion].base + slots[afterRegion].text.length : text.length;
    for (let k = firstAtOrAfter(decls, from); k < decls.length && decls[k].start < to; k++) {
      attachDoc(text, decls[k], comments, firstAtOrAfter(comments, decls[k].start));
    }
  }

  private parseUnsafe(text: string, fileLevel: FileLevel, options?: ParseOptions): ParseResult {
    const level = fileLevel.level;
    const keep = options?.reuse !== false;
    const slots = this.buildSlots(text, level);
    this.slots = slots;

    const stream = this.tokenStream(slots);
    this.stream = stream;
    const { toks, boundary, chunkFirst } = stream;
    const comments: A.Comment[] = [];
    const diagnostics: Diagnostic[] = [];
    const decls: A.Decl[] = [];
    /** Declarations whose doc to attach: built by this parse, or from a chunk cache the last parse did not use. */
    const built: A.Decl[] = [];
    const generation = ++this.generation;
    for (let k = 0; k < slots.length; k++) {
      const slot = slots[k];
      const own = slot.comments;
      for (let i = 0; i < own.length; i++) comments.push(own[i]);
      if (slot.lexError !== undefined) {
        diagnostics.push(slot.lexError);
        const broken: A.Decl = { kind: 'ErrorDecl', start: slot.base, end: slot.base + slot.text.length, doc: [] };
        decls.push(broken);
        built.push(broken);
      }
    }

    const env = new Env(
      level.syntax.usedFileArities ? options?.externalArities : undefined,
      level.syntax.labelledArgs ? options?.externalParams : undefined,
    );
    const parser = new Parser(toks, boundary, env, level);
    // The ohm grammar's syntactic layer describes one level only.
    const strict = (options?.strict ?? STRICT_BY_DEFAULT) && level.syntax.strictGrammar;
    const stats: ParseStats = { strict: 0, tolerant: 0, reused: 0 };
    this.lastStats = stats;
    /** The strict path on chunk `c` (tokens first..end): its declarations, or undefined to fall back. */
    const tryStrict = (slot: Slot, first: number, end: number): A.Decl[] | undefined => {
      const outline = strictOutline(slot.text);
      if (outline === undefined) return undefined;
      const cp = env.checkpoint();
      env.active = cp;
      try {
        const result = resolveChunk(outline, { toks, first, end, base: slot.base }, parser, env);
        env.active = undefined;
        return result;
      } catch (e) {
        if (!isStrictFallback(e)) throw e;
        env.rollback(cp);
        return undefined;
      }
    };
    let suppress = false;
    let errorCount = 0;
    const addError = (d: Diagnostic, cascade: boolean): void => {
      if (!(cascade && suppress)) {
        diagnostics.push(d);
        errorCount++;
      }
      if (cascade) suppress = true;
    };
    const reusable = (p: ParsedChunk, end: number): boolean => {
      if (p.suppressIn !== suppress || errorCount + p.errors.length >= MAX_ERRORS) return false;
      if (p.envBefore !== env.fingerprint) {
        for (const [name, shape] of p.consulted) if (!sameShape(env.shapes.get(name), shape)) return false;
      }
      for (let i = 0; i < p.lookahead.length; i++) {
        const want = p.lookahead[i];
        const t = toks[end + i];
        if (want === undefined || t === undefined) {
          if ((want === undefined) !== (t === undefined)) return false;
        } else if (boundary[end + i] !== want.boundary || (t !== want.token && (t.kind !== want.kind || t.text !== want.text))) return false;
      }
      return true;
    };

    if (fileLevel.pragma !== undefined && level.syntax.versionPragma) {
      // `^26.5` (tokens `^`, `26.5` and a glued `.1` patch) is not a declaration: step over it.
      const end = fileLevel.pragma.end;
      while (parser.pos < toks.length && toks[parser.pos].start < end) parser.pos++;
    }
    let c = 0;
    while (!parser.atEnd() && errorCount < MAX_ERRORS) {
      while (c + 1 < slots.length && chunkFirst[c + 1] <= parser.pos) c++;
      const slot = slots[c];
      const first = chunkFirst[c];
      const end = c + 1 < slots.length ? chunkFirst[c + 1] : toks.length;
      if (parser.pos !== first || end === first) {
        // A declaration ran past its chunk: parse one item without caching.
        const item = parser.parseTopLevel();
        decls.push(item.decl);
        built.push(item.decl);
        if (item.error) addError(item.error.toDiagnostic(), isCascade(item.error.code));
        else suppress = false;
        continue;
      }
      const cached = slot.parsed;
      slot.parsed = undefined;
      const fingerprintBefore = env.fingerprint;
      if (cached !== undefined && reusable(cached, end)) {
        env.replay(cached.registrations, cached.mix);
        // What this chunk looked up is still what the table says: keep the fingerprint current for next time.
        cached.envBefore = fingerprintBefore;
        for (const d of cached.decls) decls.push(d);
        // Kept from an older parse (the last one read past this chunk's start):
        // its doc comments may be objects of a chunk lexed since.
        if (cached.usedIn !== generation - 1) for (const d of cached.decls) built.push(d);
        cached.usedIn = generation;
        for (const d of cached.errors) diagnostics.push(d);
        errorCount += cached.errors.length;
        suppress = cached.suppressOut;
        parser.pos = end;
        slot.parsed = cached;
        stats.reused++;
        continue;
      }
      const suppressIn = suppress;
      const envBefore = env.fingerprint;
      const errorsBefore = diagnostics.length;
      const declsBefore = decls.length;
      const rec = keep ? { consulted: new Map<string, CallShape | undefined>(), registered: [] as Array<[string, CallShape]> } : undefined;
      env.recording = rec;
      parser.maxPeek = parser.pos - 1;
      const strictDecls = strict ? tryStrict(slot, first, end) : undefined;
      if (strictDecls !== undefined) {
        // Well-formed: no errors, so the cascade state resets as after any good declaration.
        for (const d of strictDecls) {
          decls.push(d);
          built.push(d);
        }
        if (strictDecls.length > 0) suppress = false;
        parser.pos = end;
        stats.strict++;
      } else {
        parser.pos = first;
        stats.tolerant++;
      }
      while (parser.pos < end && !parser.atEnd() && errorCount < MAX_ERRORS) {
        const item = parser.parseTopLevel();
        decls.push(item.decl);
        built.push(item.decl);
        if (item.error) addError(item.error.toDiagnostic(), isCascade(item.error.code));
        else suppress = false;
      }
      env.recording = undefined;
      if (
        rec !== undefined &&
        parser.pos === end &&
        errorCount < MAX_ERRORS &&
        // An error "at the end of input" sits at offset 0 (like the reference): it must not move with the chunk.
        allFrom(diagnostics, errorsBefore, (d) => d.start >= slot.base) &&
        // A cached result moves with its chunk: a node reaching into later chunks would move wrongly.
        allFrom(decls, declsBefore, (d) => d.end <= slot.base + slot.text.length)
      ) {
        const lookahead: ParsedChunk['lookahead'] = [];
        for (let i = end; i <= parser.maxPeek; i++) {
          const t = toks[i];
          lookahead.push(t === undefined ? undefined : { token: t, kind: t.kind, text: t.text, boundary: boundary[i] });
        }
        const own = decls.slice(declsBefore);
        const errors = diagnostics.slice(errorsBefore);
        slot.parsed = {
          usedIn: generation,
          envBefore,
          suppressIn,
          suppressOut: suppress,
          consulted: rec.consulted,
          registrations: rec.registered,
          mix: rec.registered.reduce((m: Mix, [name, shape]) => composeMix(m, registrationMix(name, shape)), NO_MIX),
          lookahead,
          decls: own,
          errors,
          spans: collectSpans([own, errors]),
        };
      }
    }

    if (!inOrder(decls)) decls.sort((a, b) => a.start - b.start);
    this.attachDocs(text, decls, built, comments, slots);
    for (const d of pragmaDiagnostics(fileLevel)) diagnostics.push(d);
    if (!inOrder(diagnostics)) diagnostics.sort((a, b) => a.start - b.start);
    const program: A.Program = { decls, comments, level: level.id };
    if (fileLevel.pragma !== undefined && level.syntax.versionPragma) {
      const p = fileLevel.pragma;
      program.pragma = { version: p.version, start: p.start, end: p.end };
    }
    return { program, diagnostics };
  }
}

/** Whether every item of `list` from index `from` on satisfies `ok`. */
function allFrom<T>(list: readonly T[], from: number, ok: (x: T) => boolean): boolean {
  for (let i = from; i < list.length; i++) if (!ok(list[i])) return false;
  return true;
}

/** The parser's input: every chunk's tokens end to end, newline tokens folded into flags. */
interface TokenStream {
  toks: Token[];
  /** boundary[i]: a column-0 break precedes toks[i]; one extra entry after the last token. */
  boundary: boolean[];
  /** Index in `toks` of each slot's first token. */
  chunkFirst: number[];
  /** Whether a break is pending where each slot starts. */
  pendingIn: boolean[];
  /** Whether a break is pending after the last slot. */
  pendingOut: boolean;
}

/** The token stream of `slots`, starting with a pending break when `pending`. */
function fullStream(slots: readonly Slot[], pending = false): TokenStream {
  // Index loops (a cold for-of allocates an iterator result per token) into
  // arrays made at their final size once (grown by push they were copied
  // several times over).
  let total = 0;
  for (let k = 0; k < slots.length; k++) if (slots[k].lexError === undefined) total += slots[k].tokens.length;
  const toks: Token[] = new Array<Token>(total);
  const boundary: boolean[] = new Array<boolean>(total + 1);
  const chunkFirst: number[] = new Array<number>(slots.length);
  const pendingIn: boolean[] = new Array<boolean>(slots.length);
  let n = 0;
  for (let k = 0; k < slots.length; k++) {
    const slot = slots[k];
    chunkFirst[k] = n;
    pendingIn[k] = pending;
    if (slot.lexError !== undefined) {
      pending = true;
      continue;
    }
    const tokens = slot.tokens;
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i];
      if (t.kind === 'newline') {
        pending = true;
        continue;
      }
      toks[n] = t;
      boundary[n] = pending;
      n++;
      pending = false;
    }
  }
  // Line breaks were counted above and left out.
  toks.length = n;
  boundary.length = n + 1;
  boundary[n] = pending;
  return { toks, boundary, chunkFirst, pendingIn, pendingOut: pending };
}

/** A copy of a freshly lexed slot (no cached parse) placed at `base`. */
function copySlot(from: Slot, base: number): Slot {
  const delta = base - from.base;
  const slot: Slot = {
    text: from.text,
    base,
    tokens: from.tokens.map((t) => ({ ...t, start: t.start + delta, end: t.end + delta })),
    comments: from.comments.map((c) => ({ ...c, start: c.start + delta, end: c.end + delta })),
  };
  if (from.lexError !== undefined) {
    slot.lexError = structuredClone(from.lexError);
    shiftTree(slot.lexError, delta);
  }
  return slot;
}

/** Move a slot (tokens, comments, lex error, cached parse) to a new base offset. */
function moveSlot(slot: Slot, base: number): void {
  const delta = base - slot.base;
  if (delta === 0) return;
  for (const t of slot.tokens) {
    t.start += delta;
    t.end += delta;
  }
  for (const c of slot.comments) {
    c.start += delta;
    c.end += delta;
  }
  if (slot.lexError !== undefined) shiftTree(slot.lexError, delta);
  if (slot.parsed !== undefined) {
    for (const s of slot.parsed.spans) {
      s.start += delta;
      s.end += delta;
    }
  }
  slot.base = base;
}

function isCascade(code: string): boolean {
  return code === 'ILO-P001' || code === 'ILO-P002';
}

/** The result for a document that was not parsed: no declarations, one diagnostic (at `at`, else its start). */
function unparsed(text: string, code: string, severity: Diagnostic['severity'], message: string, at = 0): ParseResult {
  return {
    program: { decls: [], comments: [], level: LEVEL_011.id },
    diagnostics: [{ code, source: 'ilo-contracts', severity, start: at, end: Math.min(at + 1, text.length), message }],
  };
}

/** Every distinct object with numeric start/end reachable from `root`. */
function collectSpans(root: unknown): Spanned[] {
  const out: Spanned[] = [];
  const seen = new Set<object>();
  const walk = (node: unknown): void => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const x of node) walk(x);
      return;
    }
    const o = node as Record<string, unknown>;
    if (typeof o.start === 'number' && typeof o.end === 'number') out.push(o as unknown as Spanned);
    for (const key in o) {
      const v = o[key];
      if (v !== null && typeof v === 'object') walk(v);
    }
  };
  walk(root);
  return out;
}

/** Add `delta` to every `start`/`end` in a plain-data tree. */
export function shiftTree(node: unknown, delta: number): void {
  for (const s of collectSpans(node)) {
    s.start += delta;
    s.end += delta;
  }
}

const isBlank = (c: number): boolean => c === 32 || c === 9 || c === 13;

/** Offset of the start of the line holding `at`. */
function lineStart(text: string, at: number): number {
  return text.lastIndexOf('\n', at - 1) + 1;
}

/** True when only blanks sit between the line start and `at`. */
function onlyBlanksBefore(text: string, ls: number, at: number): boolean {
  for (let i = ls; i < at; i++) if (!isBlank(text.charCodeAt(i))) return false;
  return true;
}

/** Shared by every declaration without a doc block (never mutated). */
const NO_DOC: A.Comment[] = Object.freeze([]) as unknown as A.Comment[];

/** The least index in [from, count) whose key is >= `value` (keys ascending), or `count`. */
function lowerBound(count: number, keyAt: (k: number) => number, value: number, from = 0): number {
  let lo = from;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (keyAt(mid) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether `items` are already in order of their start (the usual case: sorting is then skipped). */
function inOrder(items: readonly { start: number }[]): boolean {
  for (let i = 1; i < items.length; i++) if (items[i - 1].start > items[i].start) return false;
  return true;
}

/** Index of the first item starting at or after `offset` (items in offset order). */
function firstAtOrAfter(items: readonly { start: number }[], offset: number): number {
  return lowerBound(items.length, (k) => items[k].start, offset);
}

/**
 * `doc` = the run of whole-line `--` comments directly above a declaration's
 * first line. Only declarations that have a doc block get an array of their own.
 */
function attachDoc(text: string, d: A.Decl, comments: readonly A.Comment[], next: number): void {
  // `next`: index of the first comment at or after the declaration.
  const ls = lineStart(text, d.start);
  let first = next;
  if (next > 0 && onlyBlanksBefore(text, ls, d.start)) {
    let line = ls;
    for (let k = next - 1; k >= 0 && line > 0; k--) {
      const c = comments[k];
      const above = lineStart(text, line - 1);
      if (lineStart(text, c.start) !== above || !onlyBlanksBefore(text, above, c.start)) break;
      first = k;
      line = above;
    }
  }
  d.doc = first === next ? NO_DOC : comments.slice(first, next);
}
