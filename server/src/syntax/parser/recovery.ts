// Error recovery. The first error of a declaration is thrown (ParseError)
// and caught by the top-level loop (index.ts parseTopLevel), which comes here:
// skip to what looks like the next declaration start (a `type`/`tool` word or
// a function header outside braces, or just past an unmatched `}`) and keep
// the broken declaration as an ErrorDecl carrying the header read so far.

import type * as A from '../ast';
import { ParseError } from '../parseError';
import type { Token } from '../tokens';
import { DeclarationParser } from './declarations';

export interface TopLevelItem {
  decl: A.Decl;
  error?: ParseError;
}

export abstract class RecoveringParser extends DeclarationParser {
  /**
   * The declaration that started at token `before` (`startTok`) threw
   * `caught`: skip past it and return it as an ErrorDecl with its error.
   * Rethrows anything that is not a parse error or a stack overflow.
   */
  protected recover(caught: unknown, before: number, startTok: Token | undefined): TopLevelItem {
    // Absurdly deep input that slips past the nesting guards overflows the
    // stack: report it on this declaration instead of losing the document.
    const e = caught instanceof RangeError ? this.stackOverflow(before) : caught;
    if (!(e instanceof ParseError)) throw e;
    const header = this.header;
    const endTok = this.syncToDeclBoundary();
    if (this.pos === before) this.advance();
    const start = Math.min(startTok?.start ?? e.start, e.start);
    const end = Math.max(endTok?.end ?? e.end, e.end, this.prevEnd());
    const decl: A.ErrorDecl = { kind: 'ErrorDecl', start, end, doc: [] };
    if (header.intended !== undefined) decl.intended = header.intended;
    if (header.name !== undefined) decl.name = header.name;
    if (header.params !== undefined) decl.params = header.params;
    if (header.returnType !== undefined) decl.returnType = header.returnType;
    return { decl, error: e };
  }

  /** The error for a declaration whose parse ran out of stack. */
  private stackOverflow(start: number): ParseError {
    const t = this.toks[Math.min(start, this.toks.length - 1)];
    return new ParseError(
      this.syn.nestingCode,
      t?.start ?? 0,
      t?.end ?? 0,
      'this declaration is nested too deeply to analyse',
      'split the expression: bind inner parts to names first',
    );
  }

  /** Skip to what looks like the next declaration; returns the last token skipped. */
  private syncToDeclBoundary(): Token | undefined {
    let depth = 0;
    let last: Token | undefined = this.peek();
    for (;;) {
      const t = this.peek();
      if (t === undefined) break;
      if (t.kind === '{') {
        depth++;
      } else if (t.kind === '}') {
        if (depth === 0) {
          last = t;
          this.advance();
          break;
        }
        depth--;
      } else if (depth === 0 && (t.kind === 'type' || t.kind === 'tool' || this.isFnDeclStart(this.pos))) {
        break;
      }
      last = t;
      this.advance();
    }
    return last;
  }
}
