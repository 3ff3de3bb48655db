// Declarations: a function's header and body, a record type's fields, tool
// and alias lines. `use` lines and declarations the verifier could not print
// safely are copied as written.

import { typeParamsToString } from '../query/print';
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
      case 'SumTypeDecl':
      case 'TestDecl':
        if (this.pool.any(d.start, d.end)) return false;
        (d.kind === 'SumTypeDecl' ? [this.sumType(d)] : this.testBlock(d)).forEach((line, i) => {
          if (i > 0) w.row(0);
          w.put(line);
        });
        return true;
      case 'UseDecl':
      case 'ErrorDecl':
        return false;
    }
  }

  private fn(w: Writer, d: A.FunctionDecl): boolean {
    const head = this.p.header(d.params, d.returnType);
    const name = d.typeParams !== undefined ? `${d.name.text}<${typeParamsToString(d.typeParams)}>` : d.name.text;
    if (this.pool.any(d.header.end, this.headerTailEnd(d))) return false;
    w.put((d.params.length === 0 ? (this.dense && d.typeParams === undefined ? `${name}${head}` : `${name} ${head}`) : `${name} ${head}`) + this.headerTail(d));
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

  /** Level 26: what follows the return type: ` ^a|b /http req cond ens cond`. */
  private headerTail(d: A.FunctionDecl): string {
    let out = '';
    if (d.errorSet !== undefined) out += ` ^${d.errorSet.map((n) => n.text).join('|')}`;
    for (const e of d.effects ?? []) out += ` /${e.name.text}`;
    const cond = (e: A.Expr): string => this.p.print(e, { kind: 'expr', followed: false, atStart: true });
    for (const e of d.requires ?? []) out += ` req ${cond(e)}`;
    for (const e of d.ensures ?? []) out += ` ens ${cond(e)}`;
    return out;
  }

  /** Where the header's level-26 tail ends (comments inside it keep the declaration as written). */
  private headerTailEnd(d: A.FunctionDecl): number {
    let end = d.header.end;
    for (const e of [...(d.errorSet ?? []), ...(d.effects ?? []), ...(d.requires ?? []), ...(d.ensures ?? [])]) end = Math.max(end, e.end);
    return end;
  }

  /** Level 26: `type shape = circle(n) | point` (dense: `type shape=circle(n)|point`). */
  private sumType(d: A.SumTypeDecl): string {
    const tps = d.typeParams.length > 0 ? `<${typeParamsToString(d.typeParams)}>` : '';
    const vs = d.variants.map((v) => (v.payload ? `${v.name.text}(${typeText(v.payload)})` : v.name.text));
    // `<a>=` would read as `>=`: a space after type parameters.
    return this.dense ? `type ${d.name.text}${tps}${tps ? ' ' : ''}=${vs.join('|')}` : `type ${d.name.text}${tps} = ${vs.join(' | ')}`;
  }

  /** Level 26: `test f{ok f 1 2 3;err f 0 "msg"}` on one line (dense), one case a line (expanded). */
  private testBlock(d: A.TestDecl): string[] {
    const lit = (e: A.Expr): string => this.p.bare(e, { kind: 'atom', followed: true });
    const cases = d.cases.map((c) => [c.expect, c.callee.text, ...c.args.map(lit), lit(c.expected)].join(' '));
    if (this.dense) return [`test ${d.target.text}{${cases.join(';')}}`];
    return cases.length === 0 ? [`test ${d.target.text} {}`] : [`test ${d.target.text} {`, ...cases.map((c) => `  ${c}`), '}'];
  }

  private tool(d: A.ToolDecl): string {
    const desc = textLiteral(d.description.value);
    const head = d.parenParams === true ? this.parenToolHeader(d) : this.p.header(d.params, d.returnType);
    const opts: string[] = [];
    if (d.timeout) opts.push(`timeout:${numberText(d.timeout)}`);
    if (d.retry) opts.push(`retry:${numberText(d.retry)}`);
    const sig = d.params.length === 0 && this.dense && d.parenParams !== true ? head : ` ${head}`;
    const line = this.dense ? `tool ${d.name.text}${desc}${sig}` : `tool ${d.name.text} ${desc}${sig}`;
    const withOpts = opts.length > 0 ? `${line} ${opts.join(',')}` : line;
    if (d.policy === undefined) return withOpts;
    const fields = d.policy.fields.map((f) => `${f.name.text}:${this.p.bare(f.value, { kind: 'atom', followed: false })}`);
    return `${withOpts} policy{${fields.join(',')}}`;
  }

  /** Level 26: `(city:t) > R _ t`. */
  private parenToolHeader(d: A.ToolDecl): string {
    const ps = `(${d.params.map((p) => `${p.name.text}:${typeText(p.type)}`).join(' ')})`;
    const r = typeText(d.returnType);
    return this.dense ? `${ps}>${r}` : `${ps} > ${r}`;
  }
}
