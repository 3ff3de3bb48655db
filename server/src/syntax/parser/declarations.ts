// Declarations: `name params>type;body` functions (rule 3 of index.ts; rule 4:
// an incomplete header is ILO-P020), `type`, `tool`, `alias` and `use`. Each
// records its header as it goes (Cursor.header) so a broken declaration can
// still be outlined (recovery.ts).

import type * as A from '../ast';
import { ParseError } from '../parseError';
import { describeToken, type Token } from '../tokens';
import { OPERAND_OPS } from './cursor';
import { isCanonicalBuiltin, StatementParser } from './statements';

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
    switch (t.kind) {
      case 'type':
        return this.parseTypeDecl();
      case 'tool':
        return this.parseToolDecl();
      case 'use':
        return this.parseUseDecl();
      case 'ident': {
        if (t.text === 'alias') return this.parseAliasDecl();
        const hint = DECL_KEYWORD_HINT[t.text];
        if (t.text === 'function') {
          throw this.err('ILO-P001', `expected a declaration, found identifier \`${t.text}\``, hint);
        }
        return this.parseFnDecl();
      }
      default: {
        let hint: string | undefined = DECL_KEYWORD_HINT[t.kind];
        if (OPERAND_OPS.has(t.kind) && t.kind !== '??' && t.kind !== '$' && t.kind !== '+=') {
          hint = 'an operator cannot start a declaration; bind call results inside a body: `r=fac -n 1;*n r`';
        } else if (t.kind === 'number' && (t.value ?? 0) < 0) {
          hint = `to subtract, put spaces on both sides of \`-\` (\`a - ${Math.abs(t.value ?? 0)}\`)`;
        }
        throw this.err('ILO-P001', `expected a declaration, found ${describeToken(t)}`, hint);
      }
    }
  }

  private parseUseDecl(): A.UseDecl {
    const start = this.expect('use');
    this.header = { intended: 'use' };
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

  private parseTypeDecl(): A.TypeDecl {
    const start = this.expect('type');
    this.header = { intended: 'type' };
    const name = this.expectIdent();
    this.header.name = name;
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
    const params = this.parseParams();
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
    while (this.peekKind() === 'timeout' || this.peekKind() === 'retry') {
      const opt = this.advance() as Token;
      this.expect(':');
      const num = this.parseNumber();
      if (opt.kind === 'timeout') decl.timeout = num;
      else decl.retry = num;
      decl.end = num.end;
      if (this.peekKind() === ',') this.pos++;
    }
    return decl;
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
    const name = this.expectIdent();
    this.header.name = name;
    if (isCanonicalBuiltin(name.text)) {
      // Like the reference, the error sits on the token after the name.
      const renamed = `my${name.text}`;
      const at = this.peek();
      throw new ParseError(
        'ILO-P011',
        at?.start ?? 0,
        at?.end ?? 0,
        `\`${name.text}\` is a builtin and cannot be used as a function name`,
        `rename it, e.g. \`${renamed}\` or \`${name.text}of\`: calls to a builtin name always reach the builtin`,
        [{ message: `Rename to \`${renamed}\``, edits: [{ start: name.start, end: name.end, newText: renamed }] }],
      );
    }
    const params = this.parseParams();
    this.header.params = params;
    this.checkHeaderBoundary(name);
    this.env.register(name.text, {
      arity: params.length,
      fnSlots: params.flatMap((p, i) => (p.type.kind === 'FnType' ? [i] : [])),
    });
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
    if (this.peekKind() === ';') this.pos++;
    let body: A.Stmt[];
    if (this.peekKind() === '{' && !this.isDestructurePattern()) body = this.parseBraceBody();
    else body = this.parseBody(true);
    const end = Math.max(this.prevEnd(), returnType.end);
    return { kind: 'FunctionDecl', name, params, returnType, body, header, start: nameTok.start, end, doc: [] };
  }
}
