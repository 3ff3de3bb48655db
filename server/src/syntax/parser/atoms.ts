// Atoms: literals, names and `name()` calls, parenthesised expressions,
// field and index chains (`x.f`, `xs.0`, `.?`), list literals (`[a b c]` is
// three elements: no greedy calls inside, see Ctx), records (`T a:1 b:2`) and
// inline functions (`(x:n>n;+x 1)`).

import type * as A from '../ast';
import { describeToken, type Token } from '../tokens';
import { TypeParser } from './types';

export abstract class AtomParser extends TypeParser {
  // Forward declarations: defined by the areas above (expressions.ts, statements.ts).
  protected abstract parseExpr(): A.Expr;
  /** An expression without `with`/`??`/`>>` tails, optionally under `~` or `^`. */
  protected abstract parseExprHead(): A.Expr;
  protected abstract parseStmt(): A.Stmt;

  protected parseAtom(): A.Expr {
    this.enter();
    try {
      const t = this.peek();
      if (t === undefined) throw this.errHereOrPrev('ILO-P010', 'expected an expression, but the input ended');
      const start = t.start;
      switch (t.kind) {
        case 'number':
          this.pos++;
          return { kind: 'Number', value: t.value ?? Number(t.text), raw: t.text, start, end: t.end };
        case 'text':
          this.pos++;
          return { kind: 'Text', value: t.text, start, end: t.end };
        case 'true':
        case 'false':
          this.pos++;
          return { kind: 'Bool', value: t.kind === 'true', start, end: t.end };
        case 'nil':
          this.pos++;
          return { kind: 'Nil', start, end: t.end };
        case '_':
          this.pos++;
          return { kind: 'Ref', name: '_', start, end: t.end };
        case '(': {
          if (this.looksLikeInlineLambda()) return this.parseLambda();
          this.pos++;
          const saved = this.ctx;
          this.ctx = { noWhitespaceCall: false };
          let inner: A.Expr;
          try {
            inner = this.parseExpr();
          } finally {
            this.ctx = saved;
          }
          const close = this.expect(')');
          // Keep the inner node, widened to cover the parentheses.
          const grouped = { ...inner, start, end: close.end } as A.Expr;
          return this.parseFieldChain(grouped);
        }
        case '[':
          return this.parseList();
        case 'ident': {
          this.pos++;
          if (t.text === 'mmap') {
            // `mmap` is the empty map, a literal that takes no operands. At
            // level 0.11 it takes no `()` either: what follows is read on its
            // own (`m=mmap()` is ILO-P001 at `(`, `mkeys mmap()` ILO-P009 at `)`).
            if (this.rules.mmapParens && this.peekKind() === '(' && this.kindAt(this.pos + 1) === ')') this.pos += 2;
            return { kind: 'Call', callee: this.name(t), args: [], unwrap: 'none', start, end: this.prevEnd() };
          }
          const b = this.peek();
          if (
            (b?.kind === '!' || b?.kind === '!!') &&
            b.start === t.end &&
            this.kindAt(this.pos + 1) === '(' &&
            this.kindAt(this.pos + 2) === ')'
          ) {
            this.pos += 3;
            return {
              kind: 'Call',
              callee: this.name(t),
              args: [],
              unwrap: b.kind === '!!' ? 'panic' : 'propagate',
              start,
              end: this.prevEnd(),
            };
          }
          if (b?.kind === '(' && this.kindAt(this.pos + 1) === ')') {
            this.pos += 2;
            return { kind: 'Call', callee: this.name(t), args: [], unwrap: 'none', start, end: this.prevEnd() };
          }
          return this.parseFieldChain({ kind: 'Ref', name: t.text, start, end: t.end });
        }
        default:
          if (t.kind === 'fn' || t.kind === 'def') {
            throw this.err(
              'ILO-P009',
              `\`${t.kind}\` is a reserved word and cannot start an expression`,
              'an inline function is written in parentheses: `(x:n>n;+x 1)`; a named one at top level as `name x:n>n;body`',
            );
          }
          throw this.err(
            'ILO-P009',
            `expected an expression, found ${describeToken(t)}`,
            'a value is needed here: a literal, a name, a call or a parenthesised expression',
          );
      }
    } finally {
      this.leave();
    }
  }

  protected parseFieldChain(expr: A.Expr): A.Expr {
    while (this.peekKind() === '.' || this.peekKind() === '.?') {
      const safe = this.peekKind() === '.?';
      this.pos++;
      const t = this.peek();
      if (t !== undefined && t.kind === 'number' && Number.isInteger(t.value) && (t.value ?? -1) >= 0) {
        this.pos++;
        expr = { kind: 'Index', object: expr, index: t.value as number, safe, start: expr.start, end: t.end };
        continue;
      }
      if (t !== undefined && t.kind === '(') {
        throw this.err(
          'ILO-P005',
          'expected a field name after `.`, found `(`',
          'to index with an expression use `at xs (expr)`, or bind the index to a name: `xs.i`',
        );
      }
      const field = this.expectIdent();
      expr = { kind: 'Field', object: expr, field, safe, start: expr.start, end: field.end };
    }
    return expr;
  }

  // ------------------------------------------------------------ lists

  private listHasTopLevelComma(): boolean {
    let paren = 0;
    let bracket = 0;
    let brace = 0;
    for (let i = this.pos; ; i++) {
      const k = this.kindAt(i);
      if (k === undefined) return false;
      if (k === '(') paren++;
      else if (k === ')') paren--;
      else if (k === '[') bracket++;
      else if (k === ']') {
        if (bracket === 0 && paren === 0 && brace === 0) return false;
        bracket--;
      } else if (k === '{') brace++;
      else if (k === '}') brace--;
      else if (k === ',' && paren === 0 && bracket === 0 && brace === 0) return true;
    }
  }

  private parseList(): A.ListExpr {
    const open = this.advance() as Token;
    const hasComma = this.listHasTopLevelComma();
    const items: A.Expr[] = [];
    while (this.peekKind() !== ']') {
      if (this.peekKind() === ';') {
        throw this.err('ILO-P009', '`;` does not separate list items', 'separate items with spaces or commas: `[1 2 3]`');
      }
      const saved = this.ctx;
      this.ctx = { noWhitespaceCall: !hasComma };
      try {
        items.push(this.parseExprHead());
      } finally {
        this.ctx = saved;
      }
      if (this.peekKind() === ',') this.pos++;
    }
    const close = this.expect(']');
    return { kind: 'List', items, start: open.start, end: close.end };
  }

  // ------------------------------------------------------------ records

  protected parseRecord(typeName: A.Name): A.RecordExpr {
    const fields = this.parseFieldInits();
    return { kind: 'Record', typeName, fields, start: typeName.start, end: this.prevEnd() };
  }

  /** `name:atom ...`: the fields of a record, or the updates after `with`. */
  protected parseFieldInits(): A.FieldInit[] {
    const fields: A.FieldInit[] = [];
    while (this.peekKind() === 'ident' && this.kindAt(this.pos + 1) === ':') {
      const name = this.expectIdent();
      this.expect(':');
      const value = this.parseAtom();
      fields.push({ name, value, start: name.start, end: value.end });
    }
    return fields;
  }

  // ------------------------------------------------------------ inline functions

  /**
   * Whether the `(` here opens an inline function. With parameters
   * (`(x:n>...`) it does when a `>` follows at its depth before it closes,
   * whether or not a `;` separates the body (`(x:n>n 1)`, even `(x:n>n)`
   * with no body). Without parameters (`(>...`) it always does at level
   * 0.11, as in the reference: `(>x 1)` is an inline function returning
   * type `x` with body `1`, not a comparison; with
   * the `zeroParamLambdaNeedsSemicolon` rule (later levels) only when a `;` follows
   * the return type at its depth.
   */
  private looksLikeInlineLambda(): boolean {
    const k1 = this.kindAt(this.pos + 1);
    const k2 = this.kindAt(this.pos + 2);
    const withParams = k1 === 'ident' && k2 === ':';
    if (!withParams && k1 !== '>') return false;
    if (!withParams && !this.rules.zeroParamLambdaNeedsSemicolon) return true;
    let depth = 1;
    let sawGt = false;
    for (let i = this.pos + 1; ; i++) {
      const k = this.kindAt(i);
      if (k === undefined) return false;
      if (k === '(' || k === '[' || k === '{') depth++;
      else if (k === ')' || k === ']' || k === '}') {
        depth--;
        if (depth === 0) return false;
      } else if (k === '>' && depth === 1) {
        if (withParams) return true;
        sawGt = true;
      } else if (k === ';' && depth === 1 && sawGt) return true;
    }
  }

  private parseLambda(): A.LambdaExpr {
    const open = this.expect('(');
    const saved = this.ctx;
    this.ctx = { noWhitespaceCall: false };
    try {
      const params = this.parseParams();
      this.expect('>');
      const returnType = this.parseType();
      if (this.peekKind() === ';') this.pos++;
      const body: A.Stmt[] = [];
      if (this.peekKind() !== ')') {
        body.push(this.parseStmt());
        while (this.peekKind() === ';') {
          this.pos++;
          if (this.peekKind() === ')') break;
          body.push(this.parseStmt());
        }
      }
      const after = this.peek();
      if (after !== undefined && after.kind === 'ident') {
        throw this.err(
          'ILO-P003',
          `expected \`)\` to close the inline function, found ${describeToken(after)}`,
          'a chained call inside an inline function needs parentheses: `(a:n x:t>n;+a (f (g x)))`',
        );
      }
      const close = this.expect(')');
      return { kind: 'Lambda', params, returnType, body, start: open.start, end: close.end };
    } finally {
      this.ctx = saved;
    }
  }
}

