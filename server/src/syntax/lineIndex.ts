// Offset <-> line/column conversion for one text. Lines and columns are
// 1-based here (like the reference CLI); `toPosition0` gives LSP's 0-based form.

export class LineIndex {
  private readonly lineStarts: number[];

  constructor(private readonly text: string) {
    const starts = [0];
    // indexOf finds newlines natively: several times faster than a loop over every character.
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    this.lineStarts = starts;
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  /** 1-based line and column of a UTF-16 offset (clamped to the text). */
  position(offset: number): { line: number; col: number } {
    const p = this.toPosition0(offset);
    return { line: p.line + 1, col: p.character + 1 };
  }

  /** 0-based line/character, the LSP convention. */
  toPosition0(offset: number): { line: number; character: number } {
    const o = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: o - this.lineStarts[lo] };
  }

  /** Offset of a 0-based line/character (clamped). */
  offsetAt(line: number, character: number): number {
    if (line < 0) return 0;
    if (line >= this.lineStarts.length) return this.text.length;
    const lineEnd = line + 1 < this.lineStarts.length ? this.lineStarts[line + 1] - 1 : this.text.length;
    return Math.min(this.lineStarts[line] + Math.max(0, character), lineEnd);
  }
}
