// Statements and bodies: `;`-separated statement lists (rule 3 of index.ts:
// where a top-level body ends), binds `x=e`, destructuring `{a;b}=e`, guards
// (braced `c{...}`, with else `c{a}{b}`, braceless `>=x 10 "big"`, negated
// `!c{...}`; rule 6), `@x xs{...}` and `@i 0..n{...}` loops, `wh`, `ret`,
// `brk`, `cnt`; and the ILO-P011 checks on names that cannot be bound.

import type * as A from '../ast';
import { canonicalBuiltinName } from '../builtins';
import { ParseError } from '../parseError';
import { isReservedKind, type Token } from '../tokens';
import { MatchParser } from './match';

const GUARD_OPS: ReadonlySet<string> = new Set(['=', '!=', '>', '<', '>=', '<=', '&', '|']);

export abstract class StatementParser extends MatchParser {
  /** Where the statement of a top-level body being read starts (a header there ends the body, rule 3). */
  private topStmtAt = -1;

  // ------------------------------------------------------------ bodies (rule 3)

  private atBodyEnd(): boolean {
    const k = this.peekKind();
    return k === undefined || k === '}';
  }

  /** `;`-separated statements; at top level (`topLevel`) a function header after `;` ends them. */
  protected parseBody(topLevel: boolean): A.Stmt[] {
    const stmts: A.Stmt[] = [];
    if (this.atBodyEnd()) return stmts;
    if (topLevel) this.topStmtAt = this.pos;
    stmts.push(this.parseStmt());
    while (this.peekKind() === ';') {
      const semi = this.advance() as Token;
      if (this.atBodyEnd()) break;
      if (topLevel && this.isFnDeclStartStrict(this.pos)) {
        // Level 26: a header on an indented line (the `;` stands for the line break) is inside the body.
        if (semi.soft === true && this.syn.nestedFnError) throw this.nestedFnError();
        break;
      }
      if (topLevel) this.topStmtAt = this.pos;
      stmts.push(this.parseStmt());
    }
    return stmts;
  }

  /** ILO-P024: a function declared inside another's body. */
  private nestedFnError(): ParseError {
    const t = this.peek();
    const name = t?.kind === '_' ? `_${this.at(this.pos + 1)?.text ?? ''}` : (t?.text ?? '');
    return this.err(
      'ILO-P024',
      `\`${name}\` is declared inside a function body; functions are declared at the top level only`,
      `for a local helper bind a lambda (\`${name}=(x:n>n;...)\` captures locals), or move it to the top level and pass what it needs`,
    );
  }

  protected override parseBraceBody(): A.Stmt[] {
    this.expect('{');
    const body = this.parseBody(false);
    this.expect('}');
    return body;
  }

  // ------------------------------------------------------------ statements

  protected override parseStmt(): A.Stmt {
    this.enter();
    try {
      const t = this.peek();
      if (t !== undefined && isReservedKind(t.kind) && this.kindAt(this.pos + 1) === '=') {
        throw this.reservedWordError(t, true);
      }
      const start = t?.start ?? 0;
      // Level 26: a function header where a statement should be is a nested declaration (ILO-P024).
      if (this.syn.nestedFnError && this.topStmtAt !== this.pos && this.isFnDeclStartStrict(this.pos)) throw this.nestedFnError();
      switch (t?.kind) {
        case '_':
          if (this.syn.discardBind && this.kindAt(this.pos + 1) === '=') {
            // Level 26: `_=expr` evaluates `expr` and drops it (no binding).
            const u = this.advance() as Token;
            this.pos++;
            const value = this.parseExpr();
            return { kind: 'Bind', name: { text: '_', start: u.start, end: u.end }, value, start, end: value.end };
          }
          break;
        case '?':
          if (this.isPrefixTernary()) {
            const expr = this.parsePrefixTernary();
            return { kind: 'ExprStmt', expr, start, end: expr.end };
          }
          return this.parseMatch(true) as A.Stmt;
        case '@':
          return this.parseForeach();
        case '{':
          if (this.isDestructurePattern()) return this.parseDestructure();
          break;
        case 'ident': {
          const word = t.text;
          if (word === 'ret') {
            this.pos++;
            const value = this.parseExpr();
            return { kind: 'Return', value, start, end: value.end };
          }
          if (word === 'brk' || word === 'cnt') {
            if (this.kindAt(this.pos + 1) === '=') this.bindingNameGuards();
            this.pos++;
            if (word === 'cnt') return { kind: 'Continue', start, end: t.end };
            if (this.atBodyEnd()) return { kind: 'Break', start, end: t.end };
            const value = this.parseExpr();
            return { kind: 'Break', value, start, end: value.end };
          }
          if (word === 'fld' && this.kindAt(this.pos + 1) === '=') this.bindingNameGuards();
          if (word === 'wh') {
            this.pos++;
            const cond = this.parseExpr();
            const body = this.parseBraceBody();
            return { kind: 'While', cond, body, start, end: this.prevEnd() };
          }
          if (this.kindAt(this.pos + 1) === '=') {
            this.builtinBindingGuard(t);
            return this.parseLet();
          }
          return this.parseExprOrGuard();
        }
        case '!':
          return this.parseBangStmt();
        case '^': {
          this.pos++;
          const inner = this.parseExprInner();
          const expr: A.ErrExpr = { kind: 'Err', value: inner, start, end: inner.end };
          return { kind: 'ExprStmt', expr, start, end: expr.end };
        }
        default:
          break;
      }
      return this.parseExprOrGuard();
    } finally {
      this.leave();
    }
  }

  /** An expression statement, or a guard when `{` or (for comparisons) an operand follows. */
  private parseExprOrGuard(): A.Stmt {
    const start = this.peek()?.start ?? 0;
    const expr = this.parseExpr();
    return this.finishGuard(expr, false, start);
  }

  private finishGuard(cond: A.Expr, negated: boolean, start: number): A.Stmt {
    if (this.peekKind() === '{') {
      const body = this.parseBraceBody();
      const g: A.GuardStmt = { kind: 'Guard', cond, negated, braceless: false, body, start, end: this.prevEnd() };
      if (this.peekKind() === '{') {
        g.elseBody = this.parseBraceBody();
        g.end = this.prevEnd();
      }
      return g;
    }
    if (isGuardCondition(cond) && this.canStartOperand()) return this.parseBracelessGuardBody(cond, negated, start);
    if (negated) {
      const expr: A.UnaryExpr = { kind: 'Unary', op: '!', operand: cond, start, end: cond.end };
      return { kind: 'ExprStmt', expr, start, end: expr.end };
    }
    return { kind: 'ExprStmt', expr: cond, start, end: cond.end };
  }

  private parseBracelessGuardBody(cond: A.Expr, negated: boolean, start: number): A.GuardStmt {
    if (this.lambdaDepth > 0 && this.syn.lambdaGuardError) {
      throw this.err(
        'ILO-P023',
        'a braceless guard inside a lambda body returns from the enclosing function, not from the lambda',
        'give the lambda a value instead: a prefix ternary `?cond then else`, or `?cond{then}{else}` when the arms need statements',
      );
    }
    const bodyExpr = this.parseOperand();
    const k = this.peekKind();
    if (!(k === undefined || k === ';' || k === '}' || k === ')')) {
      throw this.err(
        'ILO-P016',
        'unexpected token after the value of a braceless guard',
        'a braceless guard returns one operand; put a call in braces: `>=x 10{f x}`',
      );
    }
    const stmt: A.ExprStmt = { kind: 'ExprStmt', expr: bodyExpr, start: bodyExpr.start, end: bodyExpr.end };
    return { kind: 'Guard', cond, negated, braceless: true, body: [stmt], start, end: bodyExpr.end };
  }

  private parseBangStmt(): A.Stmt {
    const start = (this.expect('!') as Token).start;
    const inner = this.parseExprInner();
    return this.finishGuard(inner, true, start);
  }

  private parseLet(): A.Stmt {
    const nameTok = this.peek() as Token;
    const name = this.expectIdent();
    this.expect('=');
    if (this.peekKind() === '{') {
      const k1 = this.kindAt(this.pos + 1);
      if (k1 === 'text' || k1 === 'number' || k1 === '}') {
        throw this.err(
          'ILO-P009',
          `\`${name.text}={...}\`: ilo has no map literal`,
          `build a map with \`mmap\` and \`mset\`, e.g. \`${name.text}=mset mmap "k" v\``,
        );
      }
    }
    const value = this.parseExpr();
    const start = nameTok.start;
    if (this.peekKind() === '{' && isGuardCondition(value)) {
      const thenBody = this.parseBraceBody();
      if (this.peekKind() === '{') {
        const elseBody = this.parseBraceBody();
        const tern: A.TernaryExpr = {
          kind: 'Ternary',
          cond: value,
          then: lastExpr(thenBody, value),
          else: lastExpr(elseBody, value),
          start: value.start,
          end: this.prevEnd(),
        };
        return { kind: 'Bind', name, value: tern, start, end: tern.end };
      }
      return {
        kind: 'Guard',
        cond: value,
        negated: false,
        braceless: false,
        body: bindLast(name, thenBody),
        start,
        end: this.prevEnd(),
      };
    }
    return { kind: 'Bind', name, value, start, end: value.end };
  }

  /** `{a;b}=` at the cursor: a destructuring bind, not a block. */
  protected override isDestructurePattern(): boolean {
    let i = this.pos + 1;
    for (;;) {
      const k = this.kindAt(i);
      if (k === 'ident' || k === ';') i++;
      else if (k === '}') return this.kindAt(i + 1) === '=';
      else return false;
    }
  }

  private parseDestructure(): A.DestructureStmt {
    const start = this.expect('{').start;
    const names: A.Name[] = [];
    for (;;) {
      names.push(this.expectIdent());
      if (this.peekKind() === ';') this.pos++;
      else break;
    }
    this.expect('}');
    this.expect('=');
    const value = this.parseExpr();
    return { kind: 'Destructure', names, value, start, end: value.end };
  }

  private parseForeach(): A.Stmt {
    const start = this.expect('@').start;
    const binding = this.expectIdent();
    // The `{` after the head is the loop body, never a brace lambda argument.
    const saved = this.ctx;
    this.ctx = { noWhitespaceCall: saved.noWhitespaceCall, noBraceLambda: true };
    let first: A.Expr;
    let to: A.Expr | undefined;
    try {
      first = this.parseExprInner();
      if (this.peekKind() === '..') {
        this.pos++;
        to = this.parseExprInner();
      }
    } finally {
      this.ctx = saved;
    }
    const body = this.parseBraceBody();
    if (to !== undefined) return { kind: 'ForRange', binding, from: first, to, body, start, end: this.prevEnd() };
    return { kind: 'ForEach', binding, collection: first, body, start, end: this.prevEnd() };
  }

  // ------------------------------------------------------------ names that cannot be bound

  /** ILO-P011 for `name=` where a binding or declaration starts, when `name` cannot be bound. */
  protected bindingNameGuards(): void {
    const t = this.peek();
    if (t === undefined || this.kindAt(this.pos + 1) !== '=') return;
    if (isReservedKind(t.kind)) throw this.reservedWordError(t, true);
    if (t.kind !== 'ident') return;
    if (t.text === 'cnt' || t.text === 'brk') {
      const role = t.text === 'cnt' ? 'continue' : 'break';
      throw this.err(
        'ILO-P011',
        `\`${t.text}\` means ${role} (loop control) and cannot be used as a name`,
        `pick another name, e.g. \`${t.text === 'cnt' ? 'count' : 'brake'}\``,
      );
    }
    if (t.text === 'fld') {
      throw this.err(
        'ILO-P011',
        '`fld` is the fold builtin and cannot be used as a name',
        'pick another name, e.g. `field` or `folder`',
      );
    }
    this.builtinBindingGuard(t);
  }

  private builtinBindingGuard(t: Token): void {
    const table = this.level.builtins;
    if (!table.isReserved(t.text)) return;
    const renamed = `my${t.text}`;
    const canonical = table.canonical(t.text);
    const what = canonical !== undefined && canonical !== t.text ? `an alias of the builtin \`${canonical}\`` : 'a builtin';
    throw new ParseError(
      'ILO-P011',
      t.start,
      t.end,
      `\`${t.text}\` is ${what} and cannot be used as a binding name`,
      `rename it, e.g. \`${renamed}\` or \`${t.text}v\`: a builtin name in call position always means the builtin`,
      [{ message: `Rename to \`${renamed}\``, edits: [{ start: t.start, end: t.end, newText: renamed }] }],
    );
  }
}

/**
 * Whether the 0.11 reference reserves `name` (ILO-P011): canonical builtin
 * names; their long-form aliases (`length`, `contains`) are not reserved at
 * 0.11 (the parser asks its level's table, `level.builtins.isReserved`).
 */
export function isCanonicalBuiltin(name: string): boolean {
  return canonicalBuiltinName(name) === name;
}

function isGuardCondition(e: A.Expr): boolean {
  return e.kind === 'Binary' && GUARD_OPS.has(e.op);
}

function lastExpr(body: A.Stmt[], at: A.Span): A.Expr {
  const last = body[body.length - 1];
  if (last !== undefined && last.kind === 'ExprStmt') return last.expr;
  const end = last?.end ?? at.end;
  return { kind: 'Nil', start: end, end };
}

function bindLast(name: A.Name, body: A.Stmt[]): A.Stmt[] {
  const last = body[body.length - 1];
  if (last === undefined || last.kind !== 'ExprStmt') return body;
  const bind: A.BindStmt = { kind: 'Bind', name, value: last.expr, start: last.start, end: last.end };
  return [...body.slice(0, -1), bind];
}
