// Match and ternary forms, as statements or expressions: `?subj{arms}`,
// `?{arms}`, `?subj{a}{b}` (brace ternary), `?subj a b` and `?>x 0 a b`
// (prefix ternaries), and the arms of a match, each a pattern (patterns.ts)
// and a body.

import type * as A from '../ast';
import type { Token, TokenKind } from '../tokens';
import { PatternParser } from './patterns';

const COMPARISONS: ReadonlySet<TokenKind> = new Set<TokenKind>(['=', '>', '<', '>=', '<=', '!=']);
const STATEMENT_HEAD_OPS: ReadonlySet<TokenKind> = new Set<TokenKind>([
  '+', '-', '*', '/', '=', '>', '>=', '<', '<=', '!=', '!',
]);

export abstract class MatchParser extends PatternParser {
  // Forward declarations: defined by statements.ts.
  protected abstract parseBraceBody(): A.Stmt[];
  protected abstract isDestructurePattern(): boolean;

  /** `?` followed by a comparison: `?>x 0 a b` is a prefix ternary. */
  protected override isPrefixTernary(): boolean {
    const k = this.kindAt(this.pos + 1);
    return k !== undefined && COMPARISONS.has(k);
  }

  protected override parsePrefixTernary(): A.TernaryExpr {
    const start = (this.advance() as Token).start;
    const cond = this.parsePrefixBinop();
    const then = this.parseTernaryBranch();
    const els = this.parseTernaryBranch();
    return { kind: 'Ternary', cond, then, else: els, start, end: els.end };
  }

  /**
   * A branch of a ternary: one operand (a nested prefix operator is one). A
   * known-arity name followed by operands is a call only with the
   * ternaryBranchCalls rule; at level 0.11 it is the name alone.
   */
  private parseTernaryBranch(): A.Expr {
    return this.syn.ternaryBranchCalls ? this.parsePrefixBinopOperand() : this.parseOperand();
  }

  /** `?subj{arms}`, `?{arms}`, `?subj{a}{b}`, `?subj a b` — as a statement or an expression. */
  protected override parseMatch(isStmt: boolean): A.MatchStmt | A.MatchExpr | A.ExprStmt | A.Expr {
    const start = this.expect('?').start;
    let subject: A.Expr | undefined;
    if (this.peekKind() !== '{') subject = this.parseAtom();
    if (subject !== undefined && subject.kind === 'Ref') {
      const arity = this.arityOf(subject.name);
      if (arity !== undefined && arity > 0 && this.looksLikeCallMatchSubject(arity)) {
        const args: A.Expr[] = [];
        for (let i = 0; i < arity; i++) args.push(this.parsePrefixBinopOperand());
        const callee: A.Name = { text: subject.name, start: subject.start, end: subject.end };
        subject = { kind: 'Call', callee, args, unwrap: 'none', start: subject.start, end: this.prevEnd() };
      }
    }
    const wrap = (e: A.Expr): A.ExprStmt | A.Expr =>
      isStmt ? { kind: 'ExprStmt', expr: e, start: e.start, end: e.end } : e;
    if (subject !== undefined && this.looksLikeBraceTernary()) {
      this.expect('{');
      const then = this.parseExpr();
      this.expect('}');
      this.expect('{');
      const els = this.parseExpr();
      this.expect('}');
      return wrap({ kind: 'Ternary', cond: subject, then, else: els, start, end: this.prevEnd() });
    }
    if (subject !== undefined && this.peekKind() !== '{' && this.canStartOperand()) {
      const first = this.parseTernaryBranch();
      if (this.peekKind() === '{') {
        const arm = this.braceStartsWithLiteralArm();
        throw this.err(
          'ILO-P009',
          arm ? 'expected a ternary operand, found `{` (this looks like match arms)' : 'expected a ternary operand, found `{`',
          arm
            ? 'a match takes one subject right after `?`: `?x{1:a;_:b}`; wrap a longer subject in parentheses'
            : 'pick one form: `?c a b` (prefix ternary), `c{a}{b}` (brace ternary) or `c{body}` (conditional)',
        );
      }
      const second = this.parseTernaryBranch();
      if (this.syn.keywordTernary && subject.kind === 'Ref' && subject.name === 'h' && this.canStartOperand()) {
        const third = this.parseTernaryBranch();
        return wrap({ kind: 'Ternary', cond: first, then: second, else: third, start, end: third.end });
      }
      return wrap({ kind: 'Ternary', cond: subject, then: first, else: second, start, end: second.end });
    }
    this.expect('{');
    if (subject !== undefined && subject.kind === 'Ref' && this.bodyLooksLikeStatement()) {
      const s = subject.name;
      throw this.err(
        'ILO-P011',
        `\`?${s}{...}\` is a match: its body is read as pattern arms, not statements`,
        `for a condition use a guard \`=${s} true{body}\`, a ternary \`?${s} a b\` / \`?${s}{a}{b}\`, or arms \`?${s}{true:a;false:b}\``,
      );
    }
    const arms = this.parseMatchArms();
    const end = this.expect('}').end;
    const m = { kind: 'Match' as const, arms, start, end };
    if (subject !== undefined) (m as A.MatchStmt).subject = subject;
    return m;
  }

  private looksLikeCallMatchSubject(arity: number): boolean {
    let i = this.pos;
    for (let n = 0; n < arity; n++) {
      const k = this.kindAt(i);
      if (k === 'number' || k === 'text' || k === 'true' || k === 'false' || k === 'nil' || k === '_' || k === 'ident') {
        i++;
      } else if (k === '(' || k === '[') {
        i = this.groupEnd(i, k);
      } else return false;
    }
    return this.kindAt(i) === '{';
  }

  private looksLikeBraceTernary(): boolean {
    if (this.peekKind() !== '{') return false;
    let i = this.pos + 1;
    let brace = 1;
    let paren = 0;
    let bracket = 0;
    if (this.kindAt(i) === '}') return false;
    for (;;) {
      const k = this.kindAt(i);
      if (k === undefined) return false;
      if (k === '{') brace++;
      else if (k === '}') {
        brace--;
        if (brace === 0) return this.kindAt(i + 1) === '{';
      } else if (k === '(') paren++;
      else if (k === ')') {
        if (paren === 0) return false;
        paren--;
      } else if (k === '[') bracket++;
      else if (k === ']') {
        if (bracket === 0) return false;
        bracket--;
      } else if ((k === ':' || k === ';') && brace === 1 && paren === 0 && bracket === 0) return false;
      i++;
    }
  }

  private braceStartsWithLiteralArm(): boolean {
    const k = this.kindAt(this.pos + 1);
    return (k === 'number' || k === 'text') && this.kindAt(this.pos + 2) === ':';
  }

  private bodyLooksLikeStatement(): boolean {
    const t = this.peek();
    if (t === undefined || t.kind === '}') return false;
    if (t.kind === 'ident') {
      const k1 = this.kindAt(this.pos + 1);
      if (
        (t.text === 'n' || t.text === 't' || t.text === 'b' || t.text === 'l') &&
        (k1 === 'ident' || k1 === '_') &&
        this.kindAt(this.pos + 2) === ':'
      ) {
        return false;
      }
      if (k1 === ':') return false;
      if (k1 === '(' && this.syn.sumTypeDecls) {
        const k2 = this.kindAt(this.pos + 2);
        if ((k2 === 'ident' || k2 === '_') && this.kindAt(this.pos + 3) === ')' && this.kindAt(this.pos + 4) === ':') return false;
      }
      return true;
    }
    return STATEMENT_HEAD_OPS.has(t.kind);
  }

  // ------------------------------------------------------------ arms

  private parseMatchArms(): A.MatchArm[] {
    const arms: A.MatchArm[] = [];
    while (this.peekKind() !== '}') {
      if (arms.length > 0) {
        this.expect(';');
        if (this.peekKind() === '}') break;
      }
      arms.push(this.parseMatchArm());
    }
    return arms;
  }

  private parseMatchArm(): A.MatchArm {
    const pattern = this.parseArmPattern();
    this.expect(':');
    const body = this.parseArmBody();
    return { pattern, body, start: pattern.start, end: Math.max(this.prevEnd(), pattern.end) };
  }

  private parseArmBody(): A.Stmt[] {
    if (this.peekKind() === '{' && !this.isDestructurePattern()) return this.parseBraceBody();
    const stmts: A.Stmt[] = [];
    const atArmEnd = (): boolean => {
      const k = this.peekKind();
      return k === undefined || k === '}' || k === ';';
    };
    if (atArmEnd()) return stmts;
    stmts.push(this.parseStmt());
    while (this.peekKind() === ';' && !this.semiStartsNewArm()) {
      this.pos++;
      if (atArmEnd()) break;
      stmts.push(this.parseStmt());
    }
    return stmts;
  }
}
