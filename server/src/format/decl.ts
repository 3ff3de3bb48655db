// Declarations: a function's header and body, a record type's fields, tool
// and alias lines. `use` lines and declarations the verifier could not print
// safely are copied as written.

import type * as A from '../syntax/ast';
import { blockAfter, type CommentPool } from './comments';
import type { ExprPrinter } from './expr';
import type { Layout, Writer } from './layout';
import { numberText, textLiteral, typeText } from './spelling';

export class DeclPrinter {
  constructor(
    private readonly p: ExprPrinter,
    private readonly layout: Layout,
    private readonly pool: CommentPool,
  ) {}

  private get dense(): boolean {
    return this.p.dense;
  }

  private get source(): string {
    return this.p.o.source;
  }

  /**
   * Prints `d` from the start of the current (empty, column-0) row. Returns
   * false when the declaration must be copied as written instead (a tool or
   * alias line holding a comment, which no layout of one line can keep).
   */
  print(w: Writer, d: A.Decl): boolean {
    switch (d.kind) {
      case 'FunctionDecl':
        return this.fn(w, d);
      case 'TypeDecl':
        return this.type(w, d);
      case 'ToolDecl':
      case 'AliasDecl':
        if (this.pool.any(d.start, d.end)) return false;
        w.put(d.kind === 'ToolDecl' ? this.tool(d) : `alias ${d.name.text} ${typeText(d.target)}`);
        return true;
      case 'UseDecl':
      case 'ErrorDecl':
      case 'SumTypeDecl':
      case 'TestDecl':
        return false;
    }
  }

  private fn(w: Writer, d: A.FunctionDecl): boolean {
    const head = this.p.header(d.params, d.returnType);
    w.put(d.params.length === 0 ? (this.dense ? `${d.name.text}${head}` : `${d.name.text} ${head}`) : `${d.name.text} ${head}`);
    if (d.body.length === 0 && !this.pool.any(d.header.end, d.end)) return true;
    // A body in braces (`f>n{...}`) is the same body: printed without them.
    this.layout.stmtList(w, d.body, { from: d.header.end, to: d.end }, 1, { firstSep: ';', firstAtStart: true });
    return true;
  }

  private type(w: Writer, d: A.TypeDecl): boolean {
    const region = blockAfter(this.source, d.name.end, d.end + 1) ?? { from: d.name.end, to: d.end };
    w.put(`type ${d.name.text}${this.dense ? '{' : ' {'}`);
    if (d.fields.length === 0 && !this.pool.any(region.from + 1, region.to)) {
      w.put('}');
      return true;
    }
    let prevEnd = region.from + 1;
    d.fields.forEach((f, i) => {
      const comments = this.pool.take(prevEnd, f.start);
      const inside = this.pool.take(f.start, f.end);
      const all = [...comments, ...inside];
      if (all.length === 0 && this.dense) {
        if (i > 0) w.put(';');
      } else {
        const first = comments[0];
        const trailing = first !== undefined && !w.rowEmpty && this.pool.sameLine(prevEnd, first.start) ? first : undefined;
        if (trailing) w.trail(trailing);
        for (const c of all) if (c !== trailing) w.commentRow(2, c);
        w.row(2);
      }
      w.put(`${f.name.text}:${this.dense ? '' : ' '}${typeText(f.type)}`);
      prevEnd = f.end;
    });
    const rest = this.pool.take(prevEnd, region.to);
    if (rest.length > 0) {
      const trailing = this.pool.sameLine(prevEnd, rest[0].start) ? rest[0] : undefined;
      if (trailing) w.trail(trailing);
      for (const c of rest) if (c !== trailing) w.commentRow(2, c);
    }
    if (!this.dense || rest.length > 0) w.row(0);
    w.put('}');
    return true;
  }

  private tool(d: A.ToolDecl): string {
    const desc = textLiteral(d.description.value);
    const head = this.p.header(d.params, d.returnType);
    const opts: string[] = [];
    if (d.timeout) opts.push(`timeout:${numberText(d.timeout)}`);
    if (d.retry) opts.push(`retry:${numberText(d.retry)}`);
    const sig = d.params.length === 0 && this.dense ? head : ` ${head}`;
    const line = this.dense ? `tool ${d.name.text}${desc}${sig}` : `tool ${d.name.text} ${desc}${sig}`;
    return opts.length > 0 ? `${line} ${opts.join(',')}` : line;
  }
}
