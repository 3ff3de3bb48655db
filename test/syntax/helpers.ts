// Small helpers shared by the parser tests.
import { LineIndex } from '../../server/src/syntax/lineIndex';
import { parseIlo } from '../../server/src/syntax/parse';
import type * as A from '../../server/src/syntax/ast';

/** Diagnostics as `CODE line:col` strings (1-based), in document order. */
export function codesAt(text: string): string[] {
  const li = new LineIndex(text);
  return parseIlo(text).diagnostics.map((d) => {
    const p = li.position(d.start);
    return `${d.code} ${p.line}:${p.col}`;
  });
}

/** The single function declaration of a program (fails the test otherwise). */
export function onlyFunction(text: string): A.FunctionDecl {
  const r = parseIlo(text);
  if (r.diagnostics.length > 0) throw new Error(`unexpected diagnostics: ${JSON.stringify(r.diagnostics)}`);
  const fns = r.program.decls.filter((d): d is A.FunctionDecl => d.kind === 'FunctionDecl');
  if (fns.length !== 1) throw new Error(`expected one function, got ${r.program.decls.map((d) => d.kind)}`);
  return fns[0];
}

/** The last statement's expression of a one-function program. */
export function resultExpr(text: string): A.Expr {
  const fn = onlyFunction(text);
  const last = fn.body[fn.body.length - 1];
  if (last.kind !== 'ExprStmt') throw new Error(`last statement is ${last.kind}`);
  return last.expr;
}

/** Compact rendering of an expression tree for assertions: `(+ a (* b c))`, `(call f x)`. */
export function show(e: A.Expr | A.Stmt | A.TypeExpr): string {
  switch (e.kind) {
    case 'Number':
      return e.raw;
    case 'Text':
      return JSON.stringify(e.value);
    case 'Bool':
      return String(e.value);
    case 'Nil':
      return 'nil';
    case 'Ref':
      return e.name;
    case 'Field':
      return `${show(e.object)}${e.safe ? '.?' : '.'}${e.field.text}`;
    case 'Index':
      return `${show(e.object)}${e.safe ? '.?' : '.'}${e.index}`;
    case 'Call':
      return `(${e.piped ? 'pipe ' : ''}call ${e.callee.text}${e.unwrap === 'propagate' ? '!' : e.unwrap === 'panic' ? '!!' : ''}${e.args.map((a, i) => ' ' + (e.labels?.[i] ? `${e.labels[i]!.text}:` : '') + show(a)).join('')})`;
    case 'Binary':
      return `(${e.op} ${show(e.left)} ${show(e.right)})`;
    case 'Unary':
      return `(${e.op === '-' ? 'neg' : 'not'} ${show(e.operand)})`;
    case 'Ok':
      return `(~ ${show(e.value)})`;
    case 'Err':
      return `(^ ${show(e.value)})`;
    case 'List':
      return `[${e.items.map(show).join(' ')}]`;
    case 'Record':
      return `(record ${e.typeName.text}${e.fields.map((f) => ` ${f.name.text}:${show(f.value)}`).join('')})`;
    case 'AnonRecord':
      return `(record${e.fields.map((f) => ` ${f.name.text}:${show(f.value)}`).join('')})`;
    case 'Match':
      return `(match${e.subject ? ' ' + show(e.subject) : ''} ${e.arms.length} arms)`;
    case 'Coalesce':
      return `(?? ${show(e.value)} ${show(e.fallback)})`;
    case 'With':
      return `(with ${show(e.object)}${e.updates.map((f) => ` ${f.name.text}:${show(f.value)}`).join('')})`;
    case 'Ternary':
      return `(? ${show(e.cond)} ${show(e.then)} ${show(e.else)})`;
    case 'Lambda':
      return `(${e.brace ? 'brace-' : ''}lambda ${e.params.map((p) => p.name.text).join(' ')} ${e.body.map(show).join(';')})`;
    case 'ExprStmt':
      return show(e.expr);
    case 'Bind':
      return `${e.name.text}=${show(e.value)}`;
    case 'Guard':
      return `(guard${e.negated ? ' not' : ''}${e.braceless ? ' braceless' : ''} ${show(e.cond)} {${e.body.map(show).join(';')}}${e.elseBody ? ` {${e.elseBody.map(show).join(';')}}` : ''})`;
    case 'Return':
      return `(ret ${show(e.value)})`;
    case 'Break':
      return e.value ? `(brk ${show(e.value)})` : 'brk';
    case 'Continue':
      return 'cnt';
    case 'ForEach':
      return `(each ${e.binding.text} ${show(e.collection)} {${e.body.map(show).join(';')}})`;
    case 'ForRange':
      return `(range ${e.binding.text} ${show(e.from)} ${show(e.to)} {${e.body.map(show).join(';')}})`;
    case 'While':
      return `(while ${show(e.cond)} {${e.body.map(show).join(';')}})`;
    case 'Destructure':
      return `{${e.names.map((n) => n.text).join(';')}}=${show(e.value)}`;
    case 'PrimType':
      return e.name;
    case 'ListType':
      return `L ${show(e.elem)}`;
    case 'OptType':
      return `O ${show(e.inner)}`;
    case 'MapType':
      return `M ${show(e.key)} ${show(e.value)}`;
    case 'ResultType':
      return `R ${show(e.ok)} ${show(e.err)}`;
    case 'SumType':
      return `S ${e.variants.map((v) => v.text).join(' ')}`;
    case 'FnType':
      return `F ${[...e.params, e.ret].map(show).join(' ')}`;
    case 'NamedType':
      return e.name;
  }
}
