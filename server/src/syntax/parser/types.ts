// Types (`n`, `L n`, `M t n`, `R n t`, `S a b`, `F n t`, `O n`, names) and
// the parameter lists built from them (`name:type ...`, in function, tool and
// inline-function headers). Rule 4: a type read across a column-0 line break
// is missing (ILO-P007).

import type * as A from '../ast';
import { describeToken, isReservedKind, type Token } from '../tokens';
import { Cursor } from './cursor';

export abstract class TypeParser extends Cursor {
  protected parseType(): A.TypeExpr {
    this.enter();
    try {
      if (this.boundaryAtCursor() || this.atEnd()) {
        if (this.atEnd()) throw this.errPrev('ILO-P008', 'expected a type, but the file ended');
        throw this.errPrev(
          'ILO-P007',
          'expected a type, but the line ended',
          'add a type: n (number), t (text), b (bool), L n (list), or a type name',
        );
      }
      const t = this.peek() as Token;
      const start = t.start;
      switch (t.kind) {
        case '(': {
          this.pos++;
          const inner = this.parseType();
          const close = this.expect(')');
          return { ...inner, start, end: close.end };
        }
        case '_':
          this.pos++;
          return { kind: 'PrimType', name: '_', start, end: t.end };
        case 'O': {
          this.pos++;
          const inner = this.parseType();
          return { kind: 'OptType', inner, start, end: inner.end };
        }
        case 'L': {
          this.pos++;
          const elem = this.parseType();
          return { kind: 'ListType', elem, start, end: elem.end };
        }
        case 'M': {
          this.pos++;
          const key = this.parseType();
          const value = this.parseType();
          return { kind: 'MapType', key, value, start, end: value.end };
        }
        case 'R': {
          this.pos++;
          const ok = this.parseType();
          const err = this.parseType();
          return { kind: 'ResultType', ok, err, start, end: err.end };
        }
        case 'S': {
          this.pos++;
          const variants: A.Name[] = [];
          while (this.peekKind() === 'ident' && this.kindAt(this.pos + 1) !== ':') {
            variants.push(this.name(this.advance() as Token));
          }
          if (variants.length === 0) {
            throw this.err('ILO-P010', 'a sum type `S` needs at least one variant name', 'e.g. `S red green blue`');
          }
          return { kind: 'SumType', variants, start, end: variants[variants.length - 1].end };
        }
        case 'F': {
          this.pos++;
          const types: A.TypeExpr[] = [];
          while (this.canStartType()) {
            if (this.peekKind() === 'ident' && this.kindAt(this.pos + 1) === ':') break;
            types.push(this.parseType());
          }
          if (types.length === 0) {
            throw this.err(
              'ILO-P009',
              'a function type `F` needs at least its return type',
              'e.g. `F n` (no parameters, returns n) or `F n t` (takes n, returns t)',
            );
          }
          const ret = types.pop() as A.TypeExpr;
          return { kind: 'FnType', params: types, ret, start, end: ret.end };
        }
        case 'U32':
        case 'U64':
        case 'I64':
        case 'W':
          this.pos++;
          return { kind: 'NamedType', name: t.kind, start, end: t.end };
        case 'ident': {
          this.pos++;
          if (t.text === 'n' || t.text === 't' || t.text === 'b') {
            return { kind: 'PrimType', name: t.text, start, end: t.end };
          }
          return { kind: 'NamedType', name: t.text, start, end: t.end };
        }
        default:
          throw this.err(
            'ILO-P007',
            `expected a type, found ${describeToken(t)}`,
            this.syn.genericParams
              ? 'valid types: n, t, b, _, L n, O n, M t n, R n t, S a b, F n t, U32, U64, I64, W, or a type name'
              : 'valid types: n, t, b, _, L n, O n, M t n, R n t, S a b, F n t, or a type name',
          );
      }
    } finally {
      this.leave();
    }
  }

  /** A type can start at the cursor (and is not a `name:` parameter). */
  private canStartType(): boolean {
    const k = this.peekKind();
    switch (k) {
      case 'ident': {
        const t = this.peek() as Token;
        return t.text === 'n' || t.text === 't' || t.text === 'b' || this.kindAt(this.pos + 1) !== ':';
      }
      case '_':
      case 'O':
      case 'L':
      case 'M':
      case 'R':
      case 'S':
      case 'F':
      case '(':
      case 'U32':
      case 'U64':
      case 'I64':
      case 'W':
        return true;
      default:
        return false;
    }
  }

  // ------------------------------------------------------------ parameter lists

  protected parseParams(): A.Param[] {
    const params: A.Param[] = [];
    for (;;) {
      if (this.boundaryAtCursor()) break;
      const t = this.peek();
      if (t !== undefined && isReservedKind(t.kind) && this.kindAt(this.pos + 1) === ':') {
        throw this.reservedWordError(t, true);
      }
      if (t === undefined || t.kind !== 'ident' || this.kindAt(this.pos + 1) !== ':') break;
      const name = this.expectIdent();
      this.expect(':');
      const type = this.parseType();
      params.push({ name, type, start: name.start, end: type.end });
    }
    return params;
  }
}
