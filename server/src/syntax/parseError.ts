// A parse error as the parser throws it; the driver turns it into a Diagnostic.

import type { Diagnostic, Suggestion } from '../diagnostics';

export class ParseError {
  constructor(
    readonly code: string,
    readonly start: number,
    readonly end: number,
    readonly message: string,
    readonly hint?: string,
    readonly suggestions?: Suggestion[],
  ) {}

  toDiagnostic(): Diagnostic {
    const d: Diagnostic = {
      code: this.code,
      source: 'ilo',
      severity: 'error',
      start: this.start,
      end: Math.max(this.end, this.start),
      message: this.message,
    };
    if (this.hint !== undefined) d.hint = this.hint;
    if (this.suggestions !== undefined) d.suggestions = this.suggestions;
    return d;
  }
}
