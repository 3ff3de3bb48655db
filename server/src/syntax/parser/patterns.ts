// Match patterns: `^e` (error), `~v` (ok), `_`, literals, `n x`/`t x`/`b x`/
// `l x` (type patterns) and sum-type variants; and where the next arm starts.
// The match forms that hold them are in match.ts.

import type * as A from '../ast';
import { describeToken, type Token } from '../tokens';
import { ExpressionParser } from './expressions';

export abstract class PatternParser extends ExpressionParser {
  /** The `;` at the cursor is followed by a pattern and `:`: it starts the next arm, not a statement. */
  protected semiStartsNewArm(): boolean {
    const i = this.pos + 1;
    const k = this.kindAt(i);
    if (k === undefined) return false;
    const k1 = this.kindAt(i + 1);
    const k2 = this.kindAt(i + 2);
    switch (k) {
      case '^':
      case '~':
        return (k1 === 'ident' || k1 === '_') && k2 === ':';
      case '_':
      case 'number':
      case 'text':
      case 'true':
      case 'false':
      case 'nil':
        return k1 === ':';
      case 'ident': {
        const w = (this.at(i) as Token).text;
        // Level 26: `circle(r):`, a variant with its payload.
        if (k1 === '(' && this.syn.sumTypeDecls) {
          return (k2 === 'ident' || k2 === '_') && this.kindAt(i + 3) === ')' && this.kindAt(i + 4) === ':';
        }
        if (w === 'n' || w === 't' || w === 'b' || w === 'l') return (k1 === 'ident' || k1 === '_') && k2 === ':';
        return k1 === ':';
      }
      default:
        return false;
    }
  }

  /** The name a pattern binds (`_` binds nothing). */
  private bindingAfter(): A.Name {
    const t = this.peek();
    if (t !== undefined && t.kind === '_') {
      this.pos++;
      return { text: '_', start: t.start, end: t.end };
    }
    return this.expectIdent();
  }

  /** A match arm's pattern: at level 26 also `a|b|c` (any of the alternatives). */
  protected parseArmPattern(): A.Pattern {
    const first = this.parsePattern();
    if (this.peekKind() !== '|' || !this.syn.sumTypeDecls) return first;
    const alternatives = [first];
    while (this.peekKind() === '|') {
      this.pos++;
      alternatives.push(this.parsePattern());
    }
    return { kind: 'OrPat', alternatives, start: first.start, end: alternatives[alternatives.length - 1].end };
  }

  protected parsePattern(): A.Pattern {
    this.enter();
    try {
      const t = this.peek();
      if (t === undefined) throw this.err('ILO-P012', 'expected a match pattern, but the input ended');
      const start = t.start;
      switch (t.kind) {
        case '^': {
          this.pos++;
          const binding = this.bindingAfter();
          return { kind: 'ErrPat', binding, start, end: binding.end };
        }
        case '~': {
          this.pos++;
          const binding = this.bindingAfter();
          return { kind: 'OkPat', binding, start, end: binding.end };
        }
        case '_':
          this.pos++;
          return { kind: 'WildPat', start, end: t.end };
        case 'number':
          this.pos++;
          return {
            kind: 'LitPat',
            value: { kind: 'Number', value: t.value ?? Number(t.text), raw: t.text, start, end: t.end },
            start,
            end: t.end,
          };
        case 'text':
          this.pos++;
          return { kind: 'LitPat', value: { kind: 'Text', value: t.text, start, end: t.end }, start, end: t.end };
        case 'true':
        case 'false':
          this.pos++;
          return { kind: 'LitPat', value: { kind: 'Bool', value: t.kind === 'true', start, end: t.end }, start, end: t.end };
        case 'nil':
          this.pos++;
          return { kind: 'LitPat', value: { kind: 'Nil', start, end: t.end }, start, end: t.end };
        case 'ident': {
          const type = t.text === 'n' || t.text === 't' || t.text === 'b' || t.text === 'l' ? t.text : undefined;
          // Level 26: `circle(r):`, a variant and its payload.
          const variant = this.syn.sumTypeDecls && this.kindAt(this.pos + 1) === '(';
          // A bare name (a sum-type variant) is a pattern only where the level has them (not at 0.11).
          if (type === undefined && !variant && !this.syn.variantPatterns) throw this.err('ILO-P011', `expected a match pattern, found ${describeToken(t)}`);
          this.pos++;
          if (!variant && type !== undefined) {
            const binding = this.bindingAfter();
            return { kind: 'TypePat', type, binding, start, end: binding.end };
          }
          if (variant) {
            this.pos++;
            const binding = this.bindingAfter();
            const close = this.expect(')');
            return { kind: 'VariantPat', tag: this.name(t), binding, start, end: close.end };
          }
          // A sum-type variant: its runtime value is the text of its name.
          return { kind: 'LitPat', value: { kind: 'Text', value: t.text, start, end: t.end }, start, end: t.end };
        }
        default:
          throw this.err('ILO-P011', `expected a match pattern, found ${describeToken(t)}`);
      }
    } finally {
      this.leave();
    }
  }
}
