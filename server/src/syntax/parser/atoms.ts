// Atoms: literals, names and `name()` calls, parenthesised expressions,
// field and index chains (`x.f`, `xs.0`, `.?`), list literals (`[a b c]` is
// three elements: no greedy calls inside, see Ctx), records (`T a:1 b:2`) and
// inline functions (`(x:n>n;+x 1)`). Level 26 adds paren-form calls
// (`f(a, b)`, labelled `f(b:2, a:1)`), interpolated text (`"hi {name}"`),
// `_private` names, brace lambdas (`{x> +x 1}`) and anonymous records
// (`{a:1 b:2}`).

import type * as A from '../ast';
import { ParseError } from '../parseError';
import { describeToken, type Token } from '../tokens';
import { TypeParser } from './types';

export abstract class AtomParser extends TypeParser {
  // Forward declarations: defined by the areas above (expressions.ts, statements.ts).
  protected abstract parseExpr(): A.Expr;
  /** An expression without `with`/`??`/`>>` tails. */
  protected abstract parseExprInner(): A.Expr;
  /** One operand: a prefix form or an atom (never a greedy call). */
  protected abstract parseOperand(): A.Expr;
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
          if (t.interp !== undefined) return this.interpolated(t);
          return { kind: 'Text', value: t.text, start, end: t.end };
        case 'true':
        case 'false':
          this.pos++;
          return { kind: 'Bool', value: t.kind === 'true', start, end: t.end };
        case 'nil':
          this.pos++;
          return { kind: 'Nil', start, end: t.end };
        case '_': {
          if (this.atPrivateName()) {
            const name = this.expectDeclName();
            return this.parseFieldChain({ kind: 'Ref', name: name.text, start, end: name.end });
          }
          this.pos++;
          return { kind: 'Ref', name: '_', start, end: t.end };
        }
        case '(': {
          if (this.looksLikeInlineLambda(this.pos)) return this.parseLambda();
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
        case '{':
          if (this.syn.anonRecords && this.kindAt(this.pos + 1) === 'ident' && this.kindAt(this.pos + 2) === ':') {
            return this.parseAnonRecord();
          }
          if (this.syn.braceLambdas && this.looksLikeBraceLambda()) return this.parseBraceLambda();
          return this.unexpected(t);
        case 'ident': {
          this.pos++;
          if (t.text === 'mmap') {
            // `mmap` is the empty map, a literal that takes no operands. At
            // level 0.11 it takes no `()` either: what follows is read on its
            // own (`m=mmap()` is ILO-P001 at `(`, `mkeys mmap()` ILO-P009 at `)`).
            if (this.syn.mmapParens && this.peekKind() === '(' && this.kindAt(this.pos + 1) === ')') this.pos += 2;
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
          if (b?.kind === '(' && b.start === t.end && this.syn.parenCalls && !this.looksLikeInlineLambda(this.pos)) {
            return this.parseFieldChain(this.parenCall(this.name(t), 'none'));
          }
          return this.parseFieldChain({ kind: 'Ref', name: t.text, start, end: t.end });
        }
        default:
          return this.unexpected(t);
      }
    } finally {
      this.leave();
    }
  }

  private unexpected(t: Token): never {
    if (t.kind === 'fn' || t.kind === 'def') {
      throw this.err(
        'ILO-P009',
        `\`${t.kind}\` is a reserved word and cannot start an expression`,
        this.syn.braceLambdas
          ? 'an inline function is `(x:n>n;+x 1)` (typed) or `{x> +x 1}`; a named one goes at top level as `name x:n>n;body`'
          : 'an inline function is written in parentheses: `(x:n>n;+x 1)`; a named one at top level as `name x:n>n;body`',
      );
    }
    throw this.err(
      'ILO-P009',
      `expected an expression, found ${describeToken(t)}`,
      'a value is needed here: a literal, a name, a call or a parenthesised expression',
    );
  }

  // ------------------------------------------------------------ level 26: interpolated text

  /** `"hello {name}"` read as `fmt "hello {}" name`, or ILO-P024 for a brace without its partner. */
  private interpolated(t: Token): A.Expr {
    const r = t.interp!;
    if (r.kind === 'error') {
      const partner = r.brace === '{' ? '}' : '{';
      throw new ParseError(
        'ILO-P024',
        t.start + r.at,
        t.start + r.at + 1,
        `\`${r.brace}\` with no \`${partner}\` in a text literal`,
        `write \`${r.brace}${r.brace}\` for a literal \`${r.brace}\`; \`{name}\` puts the value of \`name\` into the text`,
      );
    }
    if (r.kind === 'text') return { kind: 'Text', value: r.value, start: t.start, end: t.end };
    const args: A.Expr[] = [{ kind: 'Text', value: r.template, start: t.start, end: t.end }];
    for (const s of r.slots) args.push({ kind: 'Ref', name: s.name, start: t.start + s.start, end: t.start + s.end });
    return {
      kind: 'Call',
      callee: { text: 'fmt', start: t.start, end: t.start },
      args,
      unwrap: 'none',
      interpolated: true,
      start: t.start,
      end: t.end,
    };
  }

  // ------------------------------------------------------------ level 26: paren-form calls and labels

  /**
   * `f(a, b)` with the `(` at the cursor glued to the name (`unwrap` is a
   * `!`/`!!` already read): comma-separated arguments, a trailing comma
   * allowed; `label:value` arguments resolve by the callee's parameter names.
   */
  protected parenCall(callee: A.Name, unwrap: A.UnwrapMode): A.CallExpr {
    const start = callee.start;
    this.expect('(');
    const saved = this.ctx;
    this.ctx = { noWhitespaceCall: false };
    const args: A.Expr[] = [];
    const labelled: Array<{ label: A.Name; value: A.Expr }> = [];
    try {
      while (this.peekKind() !== ')') {
        const label = this.labelAtCursor();
        if (label !== undefined) {
          this.pos += 2;
          labelled.push({ label, value: this.parseExprInner() });
        } else {
          if (labelled.length > 0) {
            throw this.err(
              'ILO-P019',
              `a positional argument after a labelled one in the call to \`${callee.text}\``,
              'once an argument is labelled, label the ones after it too',
            );
          }
          args.push(this.parseExprInner());
        }
        const k = this.peekKind();
        if (k === ',') this.pos++;
        else if (k !== ')') {
          throw this.err(
            'ILO-P009',
            'expected `,` or `)` in the argument list of a paren-form call',
            `paren-form calls separate arguments with commas: \`${callee.text}(a, b)\`; or write \`${callee.text} a b\``,
          );
        }
      }
    } finally {
      this.ctx = saved;
    }
    const close = this.expect(')');
    const call: A.CallExpr = { kind: 'Call', callee, args, unwrap, parens: true, start, end: close.end };
    if (labelled.length > 0) this.resolveLabels(call, labelled);
    return call;
  }

  /**
   * `label:` at the cursor where a labelled argument can start: a name and
   * `:` not followed by a type then `>` or `:` (that is a parameter list).
   */
  protected labelAtCursor(): A.Name | undefined {
    const t = this.peek();
    if (t === undefined || t.kind !== 'ident' || this.kindAt(this.pos + 1) !== ':') return undefined;
    if (this.kindAt(this.pos + 2) === 'ident') {
      const k3 = this.kindAt(this.pos + 3);
      if (k3 === '>' || k3 === ':') return undefined;
    }
    return this.name(t);
  }

  /** The parameter names labelled arguments of `name` resolve against: a user function's, else a builtin's. */
  protected labelNames(name: string): readonly string[] | undefined {
    return this.env.lookup(name)?.params ?? this.calls.labels(name);
  }

  /**
   * Put the labelled arguments of `call` (its positional ones already in
   * `call.args`) into parameter order, as the reference does: ILO-P019 for
   * an unknown callee, label or a slot given twice; arguments after the
   * first slot nobody filled are dropped (the verifier reports the count).
   */
  protected resolveLabels(call: A.CallExpr, labelled: ReadonlyArray<{ label: A.Name; value: A.Expr }>): void {
    if (labelled.length === 0) return;
    const name = call.callee.text;
    const at = labelled[0].label;
    const names = this.labelNames(name);
    const fail = (message: string, hint?: string): never => {
      throw new ParseError('ILO-P019', at.start, at.end, message, hint);
    };
    if (names === undefined) fail(`labelled arguments on \`${name}\`, whose parameter names are not known here`, 'labels name the parameters of a function declared before the call');
    const known = names as readonly string[];
    const positional = call.args.length;
    if (positional > known.length) fail(`\`${name}\` has ${known.length} parameters but gets more positional arguments`);
    const slots: Array<A.Expr | undefined> = new Array(known.length).fill(undefined);
    const labels: Array<A.Name | undefined> = new Array(known.length).fill(undefined);
    for (let i = 0; i < positional; i++) slots[i] = call.args[i];
    const order: number[] = [];
    for (let i = 0; i < positional; i++) order.push(i);
    for (const { label, value } of labelled) {
      const idx = known.indexOf(label.text);
      if (idx < 0) {
        throw new ParseError('ILO-P019', label.start, label.end, `\`${name}\` has no parameter \`${label.text}\``, `its parameters: ${known.join(', ')}`);
      }
      if (slots[idx] !== undefined) {
        const what = idx < positional ? `it already gets a positional argument for \`${label.text}\`` : `\`${label.text}\` is given twice`;
        throw new ParseError('ILO-P019', label.start, label.end, `in the call to \`${name}\`, ${what}`);
      }
      slots[idx] = value;
      labels[idx] = label;
      order.push(idx);
    }
    const args: A.Expr[] = [];
    for (const s of slots) {
      if (s === undefined) break;
      args.push(s);
    }
    call.args = args;
    call.labels = labels.slice(0, args.length);
    call.order = order.filter((i) => i < args.length);
  }

  // ------------------------------------------------------------ level 26: anonymous records and brace lambdas

  /** `{name:atom ...}`. */
  private parseAnonRecord(): A.AnonRecordExpr {
    const open = this.expect('{');
    const fields = this.parseFieldInits();
    const close = this.expect('}');
    return this.parseFieldChain({ kind: 'AnonRecord', fields, start: open.start, end: close.end }) as A.AnonRecordExpr;
  }

  /** `{` opens a brace lambda: a parameter name, then `>` at depth one before any `;` or the closing `}`. */
  protected looksLikeBraceLambda(): boolean {
    let depth = 1;
    let sawParam = false;
    for (let i = this.pos + 1; ; i++) {
      const k = this.kindAt(i);
      if (k === undefined) return false;
      if (k === '(' || k === '[' || k === '{') depth++;
      else if (k === '}') {
        depth--;
        if (depth === 0) return false;
      } else if (k === ')' || k === ']') {
        if (depth > 1) depth--;
      } else if (depth === 1) {
        if (k === ';') return false;
        if (k === '>') return sawParam;
        if (k === 'ident') sawParam = true;
      }
    }
  }

  /** `{a b> body}`: bare parameters (type `_`), return type `_`. */
  private parseBraceLambda(): A.LambdaExpr {
    const open = this.expect('{');
    const params: A.Param[] = [];
    while (this.peekKind() !== '>') {
      const t = this.peek();
      if (t === undefined || t.kind !== 'ident') {
        throw this.err(
          'ILO-P003',
          `expected a parameter name or \`>\` in a brace lambda, found ${describeToken(t)}`,
          'a brace lambda lists bare parameter names before `>`: `{a b> body}`; for types use `(a:n b:n>n;body)`',
        );
      }
      const name = this.expectIdent();
      if (this.peekKind() === ':') {
        throw this.err(
          'ILO-P001',
          `typed parameter \`${name.text}:…\` in a brace lambda`,
          `a brace lambda's parameters are untyped: \`{${name.text}> body}\`; with types write \`(${name.text}:t>r;body)\``,
        );
      }
      params.push({ name, type: { kind: 'PrimType', name: '_', start: name.end, end: name.end }, start: name.start, end: name.end });
    }
    const gt = this.expect('>');
    if (this.peekKind() === ';') this.pos++;
    const saved = this.ctx;
    this.ctx = { noWhitespaceCall: false };
    this.lambdaDepth++;
    const body: A.Stmt[] = [];
    try {
      if (this.peekKind() !== '}') {
        body.push(this.parseStmt());
        while (this.peekKind() === ';') {
          this.pos++;
          if (this.peekKind() === '}') break;
          body.push(this.parseStmt());
        }
      }
    } finally {
      this.lambdaDepth--;
      this.ctx = saved;
    }
    const close = this.expect('}');
    const returnType: A.TypeExpr = { kind: 'PrimType', name: '_', start: gt.end, end: gt.end };
    return { kind: 'Lambda', params, returnType, body, brace: true, start: open.start, end: close.end };
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
   * Whether the `(` at `at` opens an inline function. With parameters
   * (`(x:n>...`) it does when a `>` follows at its depth before it closes,
   * whether or not a `;` separates the body (`(x:n>n 1)`, even `(x:n>n)`
   * with no body). Without parameters (`(>...`) it always does at level
   * 0.11, as in the reference: `(>x 1)` is an inline function returning
   * type `x` with body `1`, not a comparison; where the level's
   * `zeroParamLambdaNeedsSemicolon` is on (26) only when a `;` follows the
   * return type at its depth.
   */
  protected looksLikeInlineLambda(at: number): boolean {
    const k1 = this.kindAt(at + 1);
    const k2 = this.kindAt(at + 2);
    const withParams = k1 === 'ident' && k2 === ':';
    if (!withParams && k1 !== '>') return false;
    if (!withParams && !this.syn.zeroParamLambdaNeedsSemicolon) return true;
    let depth = 1;
    let sawGt = false;
    for (let i = at + 1; ; i++) {
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
      this.lambdaDepth++;
      try {
        if (this.peekKind() !== ')') {
          body.push(this.parseStmt());
          while (this.peekKind() === ';') {
            this.pos++;
            if (this.peekKind() === ')') break;
            body.push(this.parseStmt());
          }
        }
      } finally {
        this.lambdaDepth--;
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

