// The strict path's resolver: the outline of a chunk (the ohm match of the
// syntactic grammar, see ../grammar.ts / ../ilo.ohm) → AST declarations. It
// sits beside the tolerant parser (index.ts) because it reuses its code.
//
// THE RULE WE FOLLOW. The grammar fixes everything a PEG can see: where
// declarations, headers, parameters, types, blocks and `;`-separated
// statements begin and end, and which statement forms have a fixed shape
// (`@` loops, `wh`, `ret`, `cnt`, destructuring, braced guards). Those nodes
// are built here directly. What a PEG cannot see is how an operand sequence
// groups: a name with a known arity (builtin, a function declared earlier in
// the file or being declared, a `use`d name) takes exactly that many operands
// in operand position, and that decides calls, braceless guards, ternaries,
// binds and matches. Each such sequence is handed to the tolerant parser's
// own expression/statement code (Parser.readPieceAt) at the sequence's first
// token, with the arity table as it stands at that point of the file, and
// the result is accepted only if that code stops exactly where the grammar
// said the sequence ends. Any disagreement, and any situation where the
// tolerant parse would read across the chunk's end, makes the resolver give
// up (StrictMismatch); ../parse.ts then parses the chunk on the tolerant path,
// which also produces the reference's error codes. So on every chunk the
// strict path accepts, both paths build the same tree.

import type * as A from '../ast';
import type { OBlock, ODecl, OParam, OSpan, OStmt, OType } from '../grammar';
import { ParseError } from '../parseError';
import type { Token } from '../tokens';
import { isCanonicalBuiltin, type ArityEnv, type Parser } from './index';

/** The resolver cannot vouch that the tolerant parse would build the same tree. */
export class StrictMismatch extends Error {}

/** Deepest bracket nesting the strict path takes (the tolerant parser guards its own depth limit). */
const MAX_STRICT_BRACKETS = 32;

export interface ChunkPlace {
  /** Every token of the document (newline tokens removed), as the tolerant parser sees them. */
  toks: readonly Token[];
  /** Index of the chunk's first token and one past its last. */
  first: number;
  end: number;
  /** Document offset of the chunk start (outline spans are relative to it). */
  base: number;
}

/**
 * Declarations of one chunk from its outline, or a StrictMismatch / ParseError
 * exception. Registers the arities of the functions it declares in `env`
 * (the caller undoes them when the chunk falls back to the tolerant path).
 */
export function resolveChunk(outline: readonly ODecl[], place: ChunkPlace, parser: Parser, env: ArityEnv): A.Decl[] {
  return new Resolver(place, parser, env).chunk(outline);
}

class Resolver {
  constructor(
    private readonly place: ChunkPlace,
    private readonly parser: Parser,
    private readonly env: ArityEnv,
  ) {}

  chunk(outline: readonly ODecl[]): A.Decl[] {
    const { toks, first, end } = this.place;
    this.checkNesting();
    const decls: A.Decl[] = [];
    let next = first;
    for (const d of outline) {
      const [i, j] = this.range(d);
      if (i !== next) throw new StrictMismatch('declaration does not start where the previous one ended');
      decls.push(this.decl(d, i, j));
      next = j;
    }
    if (next !== end) throw new StrictMismatch('the declarations do not cover the chunk');
    // The tolerant parse of the last declaration could go on into the next chunk.
    const last = outline[outline.length - 1];
    if (last !== undefined && end < toks.length) this.checkChunkEnd(last, decls[decls.length - 1], end);
    return decls;
  }

  // ------------------------------------------------------------ positions

  /** Token index range [i, j) covered by a chunk-relative span. */
  private range(sp: OSpan): [number, number] {
    const base = this.place.base;
    return [this.lowerBound(base + sp.s), this.lowerBound(base + sp.e)];
  }

  /** First token of the chunk starting at or after document offset `at`. */
  private lowerBound(at: number): number {
    const toks = this.place.toks;
    let lo = this.place.first;
    let hi = this.place.end;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (toks[mid].start < at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private tok(i: number): Token {
    const t = this.place.toks[i];
    if (t === undefined || i >= this.place.end) throw new StrictMismatch('span outside the chunk');
    return t;
  }

  /** The single token a span covers, of the given kind. */
  private single(sp: OSpan, kind: Token['kind']): Token {
    const [i, j] = this.range(sp);
    const t = this.tok(i);
    if (j !== i + 1 || t.kind !== kind) throw new StrictMismatch(`expected one ${kind} token`);
    return t;
  }

  private name(sp: OSpan): A.Name {
    const t = this.single(sp, 'ident');
    return { text: t.text, start: t.start, end: t.end };
  }

  private checkNesting(): void {
    const { toks, first, end } = this.place;
    let depth = 0;
    for (let i = first; i < end; i++) {
      const k = toks[i].kind;
      if (k === '(' || k === '[' || k === '{') {
        if (++depth > MAX_STRICT_BRACKETS) throw new StrictMismatch('nesting too deep for the strict path');
      } else if (k === ')' || k === ']' || k === '}') depth--;
    }
  }

  /**
   * After the chunk, the tolerant parser would carry on with the last
   * declaration when the next chunk starts with a token that continues it.
   */
  private checkChunkEnd(last: ODecl, decl: A.Decl, end: number): void {
    const next = this.parser.tokenAt(end);
    if (next === undefined) return;
    const k = next.kind;
    if (k === ';' || k === '{' || k === ',' || k === '[' || k === 'timeout' || k === 'retry' || k === '.' || k === '.?') {
      throw new StrictMismatch('the next chunk continues this declaration');
    }
    // `S a b` and `F a b` read on without looking at line ends.
    const tail = last.k === 'alias' ? last.target : last.k === 'tool' && last.options.length === 0 ? last.ret : undefined;
    if (tail !== undefined && isOpenType(tail)) throw new StrictMismatch('an open type ends the chunk');
    if (decl.kind === 'FunctionDecl' && last.k === 'fn' && !last.braced) {
      // A body ending in `;` takes the next statement unless a function header follows.
      const lastTok = this.place.toks[end - 1];
      if (lastTok.kind === ';' && !this.parser.startsFunctionHeader(end)) {
        throw new StrictMismatch('the body would take the next chunk as a statement');
      }
    }
  }

  // ------------------------------------------------------------ declarations

  private decl(d: ODecl, i: number, j: number): A.Decl {
    const toks = this.place.toks;
    const start = this.tok(i).start;
    const lastEnd = this.tok(j - 1).end;
    switch (d.k) {
      case 'type':
        return {
          kind: 'TypeDecl',
          name: this.name(d.name),
          fields: d.fields.map((f) => this.param(f)),
          start,
          end: lastEnd,
          doc: [],
        };
      case 'tool': {
        const descTok = this.single(d.desc, 'text');
        const decl: A.ToolDecl = {
          kind: 'ToolDecl',
          name: this.name(d.name),
          description: { kind: 'Text', value: descTok.text, start: descTok.start, end: descTok.end },
          params: d.params.map((p) => this.param(p)),
          returnType: this.type(d.ret),
          start,
          end: 0,
          doc: [],
        };
        decl.end = decl.returnType.end;
        for (const opt of d.options) {
          const [a, b] = this.range(opt);
          const key = this.tok(a);
          const num = this.tok(a + 2);
          if (this.tok(a + 1).kind !== ':' || num.kind !== 'number' || (b !== a + 3 && !(b === a + 4 && toks[a + 3].kind === ','))) {
            throw new StrictMismatch('tool option is not `key:number`');
          }
          const lit: A.NumberLit = { kind: 'Number', value: num.value ?? Number(num.text), raw: num.text, start: num.start, end: num.end };
          if (key.kind === 'timeout') decl.timeout = lit;
          else decl.retry = lit;
          decl.end = num.end;
        }
        return decl;
      }
      case 'use': {
        const p = this.single(d.path, 'text');
        const decl: A.UseDecl = {
          kind: 'UseDecl',
          path: { kind: 'Text', value: p.text, start: p.start, end: p.end },
          start,
          end: p.end,
          doc: [],
        };
        if (d.names !== undefined) {
          decl.only = d.names.map((n) => this.name(n));
          decl.end = lastEnd;
        }
        return decl;
      }
      case 'alias': {
        const target = this.type(d.target);
        return { kind: 'AliasDecl', name: this.name(d.name), target, start, end: target.end, doc: [] };
      }
      case 'fn':
        return this.fnDecl(d, start, lastEnd);
    }
  }

  private fnDecl(d: Extract<ODecl, { k: 'fn' }>, start: number, lastEnd: number): A.FunctionDecl {
    const name = this.name(d.name);
    // The tolerant parser rejects these names (or reads another declaration).
    if (isCanonicalBuiltin(name.text) || name.text === 'alias' || name.text === 'function') {
      throw new StrictMismatch('reserved function name');
    }
    const params = d.params.map((p) => this.param(p));
    this.env.register(name.text, {
      arity: params.length,
      fnSlots: params.flatMap((p, i) => (p.type.kind === 'FnType' ? [i] : [])),
    });
    const returnType = this.type(d.ret);
    const body = d.braced ? this.statements(d.body) : this.topStatements(d.body);
    return {
      kind: 'FunctionDecl',
      name,
      params,
      returnType,
      body,
      header: { start, end: returnType.end },
      start,
      end: Math.max(lastEnd, returnType.end),
      doc: [],
    };
  }

  private param(p: OParam): A.Param {
    const name = this.name(p.name);
    const type = this.type(p.type);
    return { name, type, start: name.start, end: type.end };
  }

  // ------------------------------------------------------------ types

  private type(t: OType): A.TypeExpr {
    const [i, j] = this.range(t);
    const first = this.tok(i);
    const start = first.start;
    switch (t.k) {
      case 'paren': {
        const inner = this.type(t.inner);
        return { ...inner, start, end: this.tok(j - 1).end };
      }
      case 'any':
        return { kind: 'PrimType', name: '_', start, end: first.end };
      case 'fixed':
        return { kind: 'NamedType', name: first.kind, start, end: first.end };
      case 'named': {
        const n = this.single(t, 'ident');
        if (n.text === 'n' || n.text === 't' || n.text === 'b') return { kind: 'PrimType', name: n.text, start, end: n.end };
        return { kind: 'NamedType', name: n.text, start, end: n.end };
      }
      case 'opt': {
        const inner = this.type(t.a);
        return { kind: 'OptType', inner, start, end: inner.end };
      }
      case 'list': {
        const elem = this.type(t.a);
        return { kind: 'ListType', elem, start, end: elem.end };
      }
      case 'map': {
        const key = this.type(t.a);
        const value = this.type(t.b);
        return { kind: 'MapType', key, value, start, end: value.end };
      }
      case 'result': {
        const ok = this.type(t.a);
        const err = this.type(t.b);
        return { kind: 'ResultType', ok, err, start, end: err.end };
      }
      case 'sum': {
        const variants = t.names.map((n) => this.name(n));
        return { kind: 'SumType', variants, start, end: variants[variants.length - 1].end };
      }
      case 'fn': {
        const types = t.types.map((x) => this.type(x));
        const ret = types.pop() as A.TypeExpr;
        return { kind: 'FnType', params: types, ret, start, end: ret.end };
      }
    }
  }

  // ------------------------------------------------------------ statements

  /** A top-level body: a `;` followed by a function header ends it (the grammar's ~FnHeader, checked with the parser's own test). */
  private topStatements(stmts: readonly OStmt[]): A.Stmt[] {
    stmts.forEach((s, n) => {
      if (n > 0 && this.parser.startsFunctionHeader(this.range(s)[0])) throw new StrictMismatch('statement reads as a header');
    });
    const out = this.statements(stmts);
    const last = stmts[stmts.length - 1];
    if (last !== undefined) {
      // After a trailing `;` inside the chunk, only a function header may follow.
      const after = this.range(last)[1];
      const toks = this.place.toks;
      if (after < this.place.end && toks[after].kind === ';' && after + 1 < this.place.end) {
        if (!this.parser.startsFunctionHeader(after + 1)) throw new StrictMismatch('the body would read on');
      }
    }
    return out;
  }

  private statements(stmts: readonly OStmt[]): A.Stmt[] {
    return stmts.map((s) => this.stmt(s));
  }

  private block(b: OBlock): A.Stmt[] {
    return this.statements(b.stmts);
  }

  private blockEnd(b: OBlock): number {
    const [, j] = this.range(b);
    const close = this.tok(j - 1);
    if (close.kind !== '}') throw new StrictMismatch('block without `}`');
    return close.end;
  }

  private stmt(s: OStmt): A.Stmt {
    const [i, j] = this.range(s);
    const head = this.tok(i);
    const start = head.start;
    if (!headFits(s, head)) throw new StrictMismatch(`statement head ${head.kind}`);
    switch (s.k) {
      case 'foreach': {
        const binding = this.name(s.binding);
        const from = this.expr(s.from, 'exprInner');
        const body = this.block(s.body);
        const end = this.blockEnd(s.body);
        if (s.to !== undefined) {
          const to = this.expr(s.to, 'exprInner');
          return { kind: 'ForRange', binding, from, to, body, start, end };
        }
        return { kind: 'ForEach', binding, collection: from, body, start, end };
      }
      case 'while': {
        const cond = this.expr(s.cond, 'expr');
        return { kind: 'While', cond, body: this.block(s.body), start, end: this.blockEnd(s.body) };
      }
      case 'ret': {
        const value = this.expr(s.value, 'expr');
        return { kind: 'Return', value, start, end: value.end };
      }
      case 'cnt':
        return { kind: 'Continue', start, end: head.end };
      case 'destructure': {
        const names = s.names.map((n) => this.name(n));
        const value = this.expr(s.value, 'expr');
        return { kind: 'Destructure', names, value, start, end: value.end };
      }
      case 'guard': {
        // The statement head decides the form first (`?` match/ternary, `^` error value, `x=` bind):
        // leave those to the parser as a whole.
        const k = head.kind;
        if (k === '?' || k === '^' || k === '{' || this.place.toks[i + 1]?.kind === '=') return this.piece(i, j);
        const cond = this.expr(s.cond, s.negated ? 'exprInner' : 'expr');
        const g: A.GuardStmt = {
          kind: 'Guard',
          cond,
          negated: s.negated,
          braceless: false,
          body: this.block(s.body),
          start,
          end: this.blockEnd(s.body),
        };
        if (s.elseBody !== undefined) {
          g.elseBody = this.block(s.elseBody);
          g.end = this.blockEnd(s.elseBody);
        }
        return g;
      }
      case 'piece':
        return this.piece(i, j);
    }
  }

  /** A statement whose shape depends on arities: the parser reads it; it must stop at the grammar's end. */
  private piece(i: number, j: number): A.Stmt {
    const stmt = this.parser.readPieceAt('stmt', i);
    if (this.parser.pos !== j) throw new StrictMismatch('the statement groups differently');
    return stmt;
  }

  private expr(sp: OSpan, kind: 'expr' | 'exprInner'): A.Expr {
    const [i, j] = this.range(sp);
    if (i >= j) throw new StrictMismatch('empty operand sequence');
    const e = this.parser.readPieceAt(kind, i);
    if (this.parser.pos !== j) throw new StrictMismatch('the operand sequence groups differently');
    return e;
  }
}

/** The first token of a fixed-shape statement is the one its grammar rule starts with. */
function headFits(s: OStmt, head: Token): boolean {
  switch (s.k) {
    case 'foreach':
      return head.kind === '@';
    case 'while':
      return head.kind === 'ident' && head.text === 'wh';
    case 'ret':
      return head.kind === 'ident' && head.text === 'ret';
    case 'cnt':
      return head.kind === 'ident' && head.text === 'cnt';
    case 'destructure':
      return head.kind === '{';
    case 'guard':
      return s.negated === (head.kind === '!');
    case 'piece':
      return true;
  }
}

/** `S ...` or `F ...` at the tail of a type: its loop reads on across a line end. */
function isOpenType(t: OType): boolean {
  switch (t.k) {
    case 'sum':
    case 'fn':
      return true;
    case 'opt':
    case 'list':
      return isOpenType(t.a);
    case 'map':
    case 'result':
      return isOpenType(t.b);
    default:
      return false;
  }
}

/** True for the exceptions the strict path turns into a fallback (anything else is a bug). */
export function isStrictFallback(e: unknown): boolean {
  return e instanceof StrictMismatch || e instanceof ParseError;
}
