// Declarations: `name params>type;body` functions (rule 3 of index.ts; rule 4:
// an incomplete header is ILO-P020), `type`, `tool`, `alias` and `use`. Each
// records its header as it goes (Cursor.header) so a broken declaration can
// still be outlined (recovery.ts).

import type * as A from '../ast';
import { ParseError } from '../parseError';
import { describeToken, type Token } from '../tokens';
import type { CallShape } from '../callArity';
import { isTypeVariableLetter, OPERAND_OPS } from './cursor';
import { StatementParser } from './statements';

const DECL_KEYWORD_HINT: Readonly<Record<string, string>> = {
  function: 'an ilo function is declared as `name param:type>return-type;body`',
  fn: 'an ilo function is declared as `name param:type>return-type;body`',
  def: 'an ilo function is declared as `name param:type>return-type;body`',
  let: 'ilo binds inside a function body with `name=expr`',
  var: 'ilo binds inside a function body with `name=expr`',
  const: 'ilo binds inside a function body with `name=expr`',
  return: 'the last expression of a body is its value; `ret expr` returns early',
  if: 'ilo uses guards `cond{...}` or a match `?x{true:...;false:...}`',
};

export abstract class DeclarationParser extends StatementParser {
  /** One declaration; the nesting depth is 1 inside it (set by the caller, index.ts). */
  protected parseDecl(): A.Decl {
    this.bindingNameGuards();
    const t = this.peek();
    if (t === undefined) throw this.err('ILO-P002', 'expected a declaration, but the input ended');
    if (t.kind === 'ident' && this.kindAt(this.pos + 1) === '=' && this.syn.topLevelBindError) {
      throw this.err(
        'ILO-P102',
        `\`${t.text}=...\` binds a value outside any function`,
        `bindings live in function bodies: wrap the statements in an entry point, \`main>_;${t.text}=...;...\`, or give it a header, \`${t.text}>n;...\``,
      );
    }
    switch (t.kind) {
      case 'type':
        return this.parseTypeDecl();
      case 'tool':
        return this.parseToolDecl();
      case 'use':
        return this.parseUseDecl();
      case '_':
        if (this.atPrivateName()) return this.parseFnDecl();
        break;
      case 'ident': {
        if (t.text === 'alias') return this.parseAliasDecl();
        if (t.text === 'test' && this.syn.testBlocks && this.kindAt(this.pos + 1) === 'ident' && this.kindAt(this.pos + 2) === '{') {
          return this.parseTestDecl();
        }
        const hint = DECL_KEYWORD_HINT[t.text];
        if (t.text === 'function') {
          throw this.err('ILO-P001', `expected a declaration, found identifier \`${t.text}\``, hint);
        }
        return this.parseFnDecl();
      }
      default:
        break;
    }
    let hint: string | undefined = DECL_KEYWORD_HINT[t.kind];
    if (OPERAND_OPS.has(t.kind) && t.kind !== '??' && t.kind !== '$' && t.kind !== '+=') {
      hint = 'an operator cannot start a declaration; bind call results inside a body: `r=fac -n 1;*n r`';
    } else if (t.kind === 'number' && (t.value ?? 0) < 0) {
      hint = `to subtract, put spaces on both sides of \`-\` (\`a - ${Math.abs(t.value ?? 0)}\`)`;
    }
    throw this.err('ILO-P001', `expected a declaration, found ${describeToken(t)}`, hint);
  }

  private parseUseDecl(): A.UseDecl {
    const start = this.expect('use');
    this.header = { intended: 'use' };
    if (this.syn.moduleForms) return this.parseUseForms(start);
    const p = this.peek();
    if (p === undefined || p.kind !== 'text') {
      // The reference's code for this (its error table lists ILO-P016 for a braceless guard; the binary is the judge).
      throw this.err(
        'ILO-P016',
        `expected the path of the file to use, found ${describeToken(p)}`,
        'write `use "file.ilo"` or `use "file.ilo" [name other]`',
      );
    }
    this.pos++;
    const path: A.TextLit = { kind: 'Text', value: p.text, start: p.start, end: p.end };
    const decl: A.UseDecl = { kind: 'UseDecl', path, start: start.start, end: p.end, doc: [] };
    if (this.peekKind() === '[') {
      this.pos++;
      const only: A.Name[] = [];
      while (this.peekKind() !== ']') only.push(this.expectIdent());
      decl.end = this.expect(']').end;
      decl.only = only;
    }
    return decl;
  }

  /**
   * Level 26: `use "path" [names]`, `use m:"path"` (names prefixed `m-`),
   * `use re:"path" [names]` (re-exported). Malformed forms are ILO-P016, as
   * the reference reports them.
   */
  private parseUseForms(start: Token): A.UseDecl {
    const p16 = (message: string, hint?: string): ParseError => this.err('ILO-P016', message, hint);
    let prefix: A.Name | undefined;
    const first = this.peek();
    if (first !== undefined && first.kind === 'ident') {
      prefix = this.name(first);
      this.pos++;
      if (this.peekKind() !== ':') throw p16(`expected \`:\` after the module name in \`use\`, found ${describeToken(this.peek())}`, 'write `use m:"file.@"`');
      this.pos++;
    }
    const p = this.peek();
    if (p === undefined || p.kind !== 'text') {
      throw p16(
        `expected the path of the file to use, found ${describeToken(p)}`,
        'write `use "file.@"`, `use "file.@" [name other]`, `use m:"file.@"` or `use re:"file.@" [name]`',
      );
    }
    this.pos++;
    const path: A.TextLit = { kind: 'Text', value: p.text, start: p.start, end: p.end };
    const decl: A.UseDecl = { kind: 'UseDecl', path, start: start.start, end: p.end, doc: [] };
    const reexport = prefix !== undefined && prefix.text === 're';
    if (prefix !== undefined) {
      if (reexport) decl.reexport = prefix;
      else decl.alias = prefix;
    }
    if (this.peekKind() === '[') {
      if (decl.alias !== undefined) {
        throw p16('a module import (`use m:"path"`) cannot also list names', 'drop the module name or the `[...]` list');
      }
      this.pos++;
      const only: A.Name[] = [];
      while (this.peekKind() !== ']') {
        if (this.atEnd()) throw p16('the `[` of this `use` is never closed');
        // `_name` parses so that the import can say it is private (ILO-P019).
        only.push(this.expectDeclName());
      }
      decl.end = this.expect(']').end;
      if (only.length === 0) throw p16('the `[...]` list of a `use` is empty', 'list the names to import, or drop the brackets to import everything');
      decl.only = only;
    } else if (reexport) {
      throw p16('a re-export (`use re:"path"`) lists the names it re-exports', 'write `use re:"path" [name other]`');
    }
    return decl;
  }

  private parseTypeDecl(): A.TypeDecl | A.SumTypeDecl {
    const start = this.expect('type');
    this.header = { intended: 'type' };
    const name = this.expectIdent();
    this.header.name = name;
    if (this.syn.sumTypeDecls && (this.peekKind() === '=' || this.peekKind() === '<')) return this.parseSumTypeDecl(start, name);
    this.expect('{');
    const fields: A.Param[] = [];
    while (this.peekKind() !== '}') {
      if (fields.length > 0) this.expect(';');
      const fname = this.expectIdent();
      this.expect(':');
      const type = this.parseType();
      fields.push({ name: fname, type, start: fname.start, end: type.end });
    }
    const end = this.expect('}');
    return { kind: 'TypeDecl', name, fields, start: start.start, end: end.end, doc: [] };
  }

  /** Level 26: `type name<a b> = v1(T) | v2 | ...` after `type name`. */
  private parseSumTypeDecl(start: Token, name: A.Name): A.SumTypeDecl {
    const typeParams = this.peekKind() === '<' ? this.parseTypeParams(true) : [];
    if (this.peekKind() !== '=') {
      throw this.err(
        'ILO-P023',
        'generic parameters `<...>` go on sum types only: `type name<a> = ...`',
        'a record type is `type name{field:type;...}`',
      );
    }
    this.pos++;
    const vars = new Set(typeParams.map((p) => p.name.text));
    const variants: A.Variant[] = [];
    for (;;) {
      const t = this.peek();
      let vname: A.Name;
      if (t !== undefined && (t.kind === 'ident' || t.kind === 'nil')) {
        this.pos++;
        vname = this.name(t);
      } else {
        throw this.err('ILO-P010', `expected a variant name in the sum type, found ${describeToken(t)}`, 'e.g. `type shape = circle(n) | point`');
      }
      const v: A.Variant = { name: vname, start: vname.start, end: vname.end };
      if (this.peekKind() === '(') {
        this.pos++;
        v.payload = this.typeVarsAsNames(this.parseType(), vars);
        v.end = this.expect(')').end;
      }
      variants.push(v);
      if (this.peekKind() !== '|') break;
      this.pos++;
    }
    return { kind: 'SumTypeDecl', name, typeParams, variants, start: start.start, end: this.prevEnd(), doc: [] };
  }

  /** In a generic sum type, a declared type variable is a variable even when it is n, t or b. */
  private typeVarsAsNames(t: A.TypeExpr, vars: ReadonlySet<string>): A.TypeExpr {
    if (t.kind === 'PrimType' && vars.has(t.name)) return { kind: 'NamedType', name: t.name, start: t.start, end: t.end };
    return t;
  }

  /**
   * Level 26: `<a:comparable b>` (a function's) or `<a b>` / `<a,b>` (a sum
   * type's, `sum`: commas allowed); each variable one lower-case letter,
   * bounds any, comparable, numeric, text. ILO-P022 when malformed.
   */
  private parseTypeParams(sum: boolean): A.TypeParam[] {
    this.expect('<');
    const out: A.TypeParam[] = [];
    const BOUNDS = ['any', 'comparable', 'numeric', 'text'];
    for (;;) {
      while (sum && this.peekKind() === ',') this.pos++;
      if (this.peekKind() === '>') {
        this.pos++;
        return out;
      }
      const t = this.peek();
      // A sum type's variables may be n, t or b (they name variables there).
      if (t === undefined || t.kind !== 'ident' || t.text.length !== 1 || (!sum && !isTypeVariableLetter(t.text))) {
        throw this.err(
          'ILO-P022',
          `expected a one-letter type variable in \`<...>\`, found ${describeToken(t)}`,
          'write `<a>` or `<a:comparable b:numeric>`: type variables are single lower-case letters',
        );
      }
      this.pos++;
      const tp: A.TypeParam = { name: this.name(t), start: t.start, end: t.end };
      if (this.peekKind() === ':') {
        this.pos++;
        const bounds: A.Name[] = [];
        for (;;) {
          const b = this.peek();
          if (b === undefined || b.kind !== 'ident') {
            throw this.err('ILO-P022', 'expected a bound after `:` in `<...>`', 'bounds: any, comparable, numeric, text');
          }
          if (!BOUNDS.includes(b.text)) {
            throw this.err('ILO-P022', `unknown bound \`${b.text}\``, 'bounds: any, comparable, numeric, text (e.g. `<a:comparable>`)');
          }
          this.pos++;
          bounds.push(this.name(b));
          tp.end = b.end;
          if (this.peekKind() !== '+') break;
          this.pos++;
        }
        tp.bounds = bounds;
      }
      out.push(tp);
    }
  }

  /** Level 26: `test f { ok f 1 2 3; err f 0 "msg" }`. */
  private parseTestDecl(): A.TestDecl {
    const start = this.advance() as Token;
    this.header = { intended: 'test' };
    const target = this.expectIdent();
    if (this.env.lookup(target.text) === undefined) {
      throw new ParseError(
        'ILO-P003',
        target.start,
        target.end,
        `a \`test\` block for \`${target.text}\`, which is not a function declared before it`,
        'put the test block after the function it tests',
      );
    }
    this.expect('{');
    const cases: A.TestCase[] = [];
    while (this.peekKind() !== '}') {
      if (cases.length > 0) {
        this.expect(';');
        if (this.peekKind() === '}') break;
      }
      const k = this.peek();
      if (k === undefined || k.kind !== 'ident' || (k.text !== 'ok' && k.text !== 'err')) {
        throw this.err('ILO-P003', `expected \`ok\` or \`err\` in a test block, found ${describeToken(k)}`, 'e.g. `test add { ok add 2 3 5; err div 1 0 "division by zero" }`');
      }
      this.pos++;
      const callee = this.expectIdent();
      const lits: A.Expr[] = [];
      while (this.peekKind() !== ';' && this.peekKind() !== '}') lits.push(this.testLiteral());
      if (lits.length === 0) throw this.err('ILO-P009', 'a test case needs the value it expects', `e.g. \`${k.text} ${callee.text} 1 2 3\`: the last literal is the expected value`);
      const expected = lits.pop() as A.Expr;
      cases.push({ expect: k.text, callee, args: lits, expected, start: k.start, end: expected.end });
    }
    const close = this.expect('}');
    return { kind: 'TestDecl', target, cases, start: start.start, end: close.end, doc: [] };
  }

  /** A literal in a test case: a number, text, true, false or nil. */
  private testLiteral(): A.Expr {
    const t = this.peek();
    if (t === undefined) throw this.err('ILO-P010', 'expected a literal, but the input ended');
    this.pos++;
    switch (t.kind) {
      case 'number':
        return { kind: 'Number', value: t.value ?? Number(t.text), raw: t.text, start: t.start, end: t.end };
      case 'text':
        return { kind: 'Text', value: t.text, start: t.start, end: t.end };
      case 'true':
      case 'false':
        return { kind: 'Bool', value: t.kind === 'true', start: t.start, end: t.end };
      case 'nil':
        return { kind: 'Nil', start: t.start, end: t.end };
      default:
        this.pos--;
        throw this.err('ILO-P009', `test cases take literals only, found ${describeToken(t)}`, 'numbers, text, true, false or nil');
    }
  }

  private parseToolDecl(): A.ToolDecl {
    const start = this.expect('tool');
    this.header = { intended: 'tool' };
    const name = this.expectIdent();
    this.header.name = name;
    const d = this.peek();
    if (d === undefined || d.kind !== 'text') {
      throw this.err(
        'ILO-P015',
        'a tool declaration needs a description text after its name',
        'write `tool name"what it does" params>type`',
      );
    }
    this.pos++;
    const description: A.TextLit = { kind: 'Text', value: d.text, start: d.start, end: d.end };
    const parenParams = this.syn.toolPolicies && this.peekKind() === '(';
    if (parenParams) this.pos++;
    const params = this.parseParams();
    if (parenParams) this.expect(')');
    this.header.params = params;
    this.expect('>');
    const returnType = this.parseType();
    this.header.returnType = returnType;
    const decl: A.ToolDecl = {
      kind: 'ToolDecl',
      name,
      description,
      params,
      returnType,
      start: start.start,
      end: returnType.end,
      doc: [],
    };
    if (parenParams) decl.parenParams = true;
    while (this.peekKind() === 'timeout' || this.peekKind() === 'retry') {
      const opt = this.advance() as Token;
      this.expect(':');
      const num = this.parseNumber();
      if (opt.kind === 'timeout') decl.timeout = num;
      else decl.retry = num;
      decl.end = num.end;
      if (this.peekKind() === ',') this.pos++;
    }
    const p = this.peek();
    if (this.syn.toolPolicies && p !== undefined && p.kind === 'ident' && p.text === 'policy' && this.kindAt(this.pos + 1) === '{') {
      decl.policy = this.parsePolicy();
      decl.end = decl.policy.end;
    }
    return decl;
  }

  /** Level 26: `policy{domain:"api.example.com",tokens:500,rate:10}` (literal values; commas optional). */
  private parsePolicy(): A.ToolPolicy {
    const start = (this.advance() as Token).start;
    this.expect('{');
    const fields: A.FieldInit[] = [];
    while (this.peekKind() !== '}') {
      const name = this.expectIdent();
      this.expect(':');
      const v = this.peek();
      let value: A.Expr;
      if (v !== undefined && v.kind === 'number') value = { kind: 'Number', value: v.value ?? Number(v.text), raw: v.text, start: v.start, end: v.end };
      else if (v !== undefined && v.kind === 'text') value = { kind: 'Text', value: v.text, start: v.start, end: v.end };
      else throw this.err('ILO-P009', `a policy value is a number or a text, found ${describeToken(v)}`, 'e.g. `policy{domain:"api.example.com",tokens:500,rate:10}`');
      this.pos++;
      fields.push({ name, value, start: name.start, end: value.end });
      if (this.peekKind() === ',' || this.peekKind() === ';') this.pos++;
    }
    const end = this.expect('}').end;
    return { fields, start, end };
  }

  /** The number of a tool option (`timeout:30`). */
  private parseNumber(): A.NumberLit {
    const t = this.peek();
    if (t !== undefined && t.kind === 'number') {
      this.pos++;
      return { kind: 'Number', value: t.value ?? Number(t.text), raw: t.text, start: t.start, end: t.end };
    }
    if (t === undefined) throw this.err('ILO-P014', 'expected a number, but the input ended');
    throw this.err('ILO-P013', `expected a number, found ${describeToken(t)}`);
  }

  private parseAliasDecl(): A.AliasDecl {
    const start = this.advance() as Token;
    this.header = { intended: 'alias' };
    const name = this.expectIdent();
    this.header.name = name;
    const target = this.parseType();
    return { kind: 'AliasDecl', name, target, start: start.start, end: target.end, doc: [] };
  }

  /** ILO-P020 when the header reached a column-0 line break or the end of input. */
  private checkHeaderBoundary(fn: A.Name): void {
    if (!this.boundaryAtCursor() && !this.atEnd()) return;
    const where = this.atEnd() ? 'the end of the file' : 'the end of the line';
    throw new ParseError(
      'ILO-P020',
      fn.start,
      fn.end,
      `the header of \`${fn.text}\` is incomplete: it runs into ${where}`,
      'a function header is `name params>type;body` on one line; indent continuation lines',
    );
  }

  private parseFnDecl(): A.FunctionDecl {
    const nameTok = this.peek() as Token;
    this.header = { intended: 'function' };
    const name = this.expectDeclName();
    this.header.name = name;
    const table = this.level.builtins;
    if (table.isReserved(name.text)) {
      // Like the reference, the error sits on the token after the name.
      const renamed = `my${name.text}`;
      const at = this.peek();
      const canonical = table.canonical(name.text);
      const what = canonical !== undefined && canonical !== name.text ? `an alias of the builtin \`${canonical}\`` : 'a builtin';
      throw new ParseError(
        'ILO-P011',
        at?.start ?? 0,
        at?.end ?? 0,
        `\`${name.text}\` is ${what} and cannot be used as a function name`,
        `rename it, e.g. \`${renamed}\` or \`${name.text}of\`: calls to a builtin name always reach the builtin`,
        [{ message: `Rename to \`${renamed}\``, edits: [{ start: name.start, end: name.end, newText: renamed }] }],
      );
    }
    const typeParams = this.syn.genericParams && this.peekKind() === '<' ? this.parseTypeParams(false) : undefined;
    const params = this.parseParams();
    this.header.params = params;
    this.checkHeaderBoundary(name);
    const shape: CallShape = {
      arity: params.length,
      fnSlots: params.flatMap((p, i) => (p.type.kind === 'FnType' ? [i] : [])),
    };
    if (this.syn.labelledArgs) shape.params = params.map((p) => p.name.text);
    this.env.register(name.text, shape);
    if (params.length === 0 && this.peekKind() === ':' && this.kindAt(this.pos + 1) === '>') {
      throw this.err(
        'ILO-P003',
        `unexpected \`:>\` after \`${name.text}\`: no colon goes before the return type`,
        `write \`${name.text}>type;body\` (or \`${name.text} p:type>type;body\` with parameters)`,
      );
    }
    this.expect('>');
    this.checkHeaderBoundary(name);
    const returnType = this.parseType();
    this.header.returnType = returnType;
    const header: A.Span = { start: nameTok.start, end: returnType.end };
    const decl: A.FunctionDecl = { kind: 'FunctionDecl', name, params, returnType, body: [], header, start: nameTok.start, end: returnType.end, doc: [] };
    if (typeParams !== undefined) decl.typeParams = typeParams;
    if (this.syn.errorSets || this.syn.contracts) this.headerTail(decl);
    if (this.peekKind() === ';') this.pos++;
    if (this.peekKind() === '{' && !this.isDestructurePattern() && !this.opensAnonRecord()) decl.body = this.parseBraceBody();
    else decl.body = this.parseBody(true);
    decl.end = Math.max(this.prevEnd(), header.end);
    return decl;
  }

  /** `{name:` at the cursor (level 26): an anonymous record, not a braced body. */
  private opensAnonRecord(): boolean {
    return this.syn.anonRecords && this.kindAt(this.pos + 1) === 'ident' && this.kindAt(this.pos + 2) === ':';
  }

  /**
   * Level 26, after a function's return type: an error set `^a|b`, effect
   * sigils `/http /fs`, and `req cond` / `ens cond` contracts, in that order.
   */
  /** The index of the next `req`/`ens` at bracket depth 0 before the body (`;`, `{` or a new line), else -1. */
  private nextClauseKeyword(): number {
    let depth = 0;
    for (let j = this.pos; ; j++) {
      const t = this.at(j);
      if (t === undefined || this.boundary[j] === true) return -1;
      const k = t.kind;
      if (k === '(' || k === '[') depth++;
      else if (k === ')' || k === ']') depth--;
      else if (depth === 0 && (k === ';' || k === '{')) return -1;
      else if (depth === 0 && k === 'ident' && (t.text === 'req' || t.text === 'ens') && j > this.pos) return j;
    }
  }

  private headerTail(decl: A.FunctionDecl): void {
    if (this.peekKind() === '^' && this.syn.errorSets && !this.boundaryAtCursor()) {
      this.pos++;
      const set: A.Name[] = [];
      const word = (): A.Name | undefined => {
        const t = this.peek();
        if (t === undefined || this.boundaryAtCursor()) return undefined;
        if (t.kind === 'ident' || t.kind === 'timeout' || t.kind === 'retry' || t.kind === 'with') {
          this.pos++;
          return this.name(t);
        }
        return undefined;
      };
      let w = word();
      if (w !== undefined) {
        set.push(w);
        while (this.peekKind() === '|') {
          this.pos++;
          w = word();
          if (w === undefined) break;
          set.push(w);
        }
      }
      decl.errorSet = set;
    }
    const effects = this.syn.effectSigils;
    while (effects.length > 0 && this.peekKind() === '/' && !this.boundaryAtCursor()) {
      const slash = this.peek() as Token;
      const w = this.at(this.pos + 1);
      if (w === undefined || w.kind !== 'ident' || w.start !== slash.end || !effects.includes(w.text)) break;
      this.pos += 2;
      (decl.effects ??= []).push({ name: this.name(w), start: slash.start, end: w.end });
    }
    for (;;) {
      const t = this.peek();
      if (!this.syn.contracts || t === undefined || t.kind !== 'ident' || (t.text !== 'req' && t.text !== 'ens') || this.boundaryAtCursor()) break;
      this.pos++;
      // The condition ends before a following `req`/`ens` clause.
      this.clauseStop = this.nextClauseKeyword();
      let cond: A.Expr;
      try {
        cond = this.parseExpr();
      } finally {
        this.clauseStop = -1;
      }
      if (t.text === 'req') (decl.requires ??= []).push(cond);
      else (decl.ensures ??= []).push(cond);
    }
  }
}
