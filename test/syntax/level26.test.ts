// The level-26 syntax, form by form (programs written for these tests): the
// tree each form gives at level 26, what level 0.11 says of it, and the
// level-26 parse codes (ILO-P010, P016, P019, P022–P024, P101–P103).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { parseIlo } from '../../server/src/syntax/parse';
import { LineIndex } from '../../server/src/syntax/lineIndex';
import { LEVEL_011, LEVEL_26 } from '../../server/src/level';
import type * as A from '../../server/src/syntax/ast';
import { show } from './helpers';

const at26 = (text: string) => parseIlo(text, { level: LEVEL_26 });
const at011 = (text: string) => parseIlo(text, { level: LEVEL_011 });

/** Codes with 1-based positions at level 26. */
function codes26(text: string): string[] {
  const li = new LineIndex(text);
  return at26(text).diagnostics.map((d) => {
    const p = li.position(d.start);
    return `${d.code} ${p.line}:${p.col}`;
  });
}

/** The declarations of a program that must parse cleanly at 26. */
function clean26(text: string): A.Decl[] {
  const r = at26(text);
  assert.deepEqual(r.diagnostics.map((d) => `${d.code} ${d.message}`), [], text);
  return r.program.decls;
}

function fn(decls: A.Decl[], name: string): A.FunctionDecl {
  const d = decls.find((x): x is A.FunctionDecl => x.kind === 'FunctionDecl' && x.name.text === name);
  assert.ok(d, `no function ${name}`);
  return d;
}

function lastExpr(f: A.FunctionDecl): A.Expr {
  const s = f.body[f.body.length - 1];
  assert.equal(s.kind, 'ExprStmt');
  return (s as A.ExprStmt).expr;
}

const hasError = (r: { diagnostics: { severity: string }[] }): boolean => r.diagnostics.some((d) => d.severity === 'error');

describe('level 26: the version pragma', () => {
  test('^26.5 on the first line sets the level and is not a declaration', () => {
    const r = parseIlo('^26.5\nsq x:n>n;*x x');
    assert.equal(r.program.level, '26');
    assert.equal(r.program.pragma?.version, '26.5');
    assert.deepEqual(r.program.decls.map((d) => d.kind), ['FunctionDecl']);
    assert.deepEqual(r.diagnostics, []);
  });

  test('comment lines may come before it; it wins over the level asked for', () => {
    const r = parseIlo('-- tally\n\n^26.8 -- newest\ntally xs:L n>n;len xs', { level: LEVEL_011 });
    assert.equal(r.program.level, '26');
    assert.equal(r.program.comments.length, 2);
  });

  test('a ^ after the first code token is the err sigil again', () => {
    const decls = clean26('oops>R n t;^"no"');
    const e = lastExpr(fn(decls, 'oops'));
    assert.equal(e.kind, 'Err');
  });
});

describe('level 26: text', () => {
  test('{name} interpolation is a fmt call with the names as arguments, in order', () => {
    const src = 'greet who:t day:t>t;"hi {who}, it is {day}"';
    const e = lastExpr(fn(clean26(src), 'greet')) as A.CallExpr;
    assert.equal(e.kind, 'Call');
    assert.equal(e.callee.text, 'fmt');
    assert.equal(e.interpolated, true);
    assert.deepEqual(e.args.map(show), ['"hi {}, it is {}"', 'who', 'day']);
    // The slots keep their place in the source (go to definition, rename).
    const who = e.args[1] as A.RefExpr;
    assert.equal(src.slice(who.start, who.end), 'who');
  });

  test('{{ and }} are literal braces; non-name slots stay as written', () => {
    const e = lastExpr(fn(clean26('j>t;"{{k}} {X}"'), 'j'));
    assert.equal(e.kind, 'Text');
    assert.equal((e as A.TextLit).value, '{k} {X}');
  });

  test('a lone brace is ILO-P024', () => {
    assert.deepEqual(codes26('j>t;"open { only"'), ['ILO-P024 1:11']);
    assert.deepEqual(codes26('j>t;"close } only"'), ['ILO-P024 1:12']);
  });

  test('triple quotes span lines, dedented; \\xNN is a byte', () => {
    const decls = clean26('poem>t\n  """\n    roses\n      violets\n    """\nhx>t;"\\x41\\x62"');
    const poem = lastExpr(fn(decls, 'poem')) as A.TextLit;
    assert.equal(poem.kind, 'Text');
    assert.match(poem.value, /^roses\n {2}violets/);
    assert.equal((lastExpr(fn(decls, 'hx')) as A.TextLit).value, 'Ab');
  });
});

describe('level 26: calls', () => {
  test('paren-form calls, positional and labelled (args kept in parameter order)', () => {
    const decls = clean26('span lo:n hi:n>n;-hi lo\nm>n;a=span(1, 5);b=span(hi: 9, lo: 2);+a b');
    const m = fn(decls, 'm');
    const b = (m.body[1] as A.BindStmt).value as A.CallExpr;
    assert.equal(b.parens, true);
    assert.deepEqual(b.args.map(show), ['2', '9']);
    assert.deepEqual(b.labels?.map((l) => l?.text), ['lo', 'hi']);
  });

  test('labelled arguments without parentheses', () => {
    const decls = clean26('span lo:n hi:n>n;-hi lo\nm>n;span hi:4 lo:1');
    const c = lastExpr(fn(decls, 'm')) as A.CallExpr;
    assert.deepEqual(c.args.map(show), ['1', '4']);
  });

  test('an unknown label is ILO-P019', () => {
    assert.deepEqual(codes26('span lo:n hi:n>n;-hi lo\nm>n;span(lo: 1, top: 2)'), ['ILO-P019 2:17']);
  });

  test('a variadic builtin bare in a list literal is ILO-P101', () => {
    assert.deepEqual(codes26('row x:n>L t;[fmt "{}" x]'), ['ILO-P101 1:14']);
  });

  test('$ is run at 26 (command and argument list)', () => {
    const c = lastExpr(fn(clean26('ls>R t t;$"ls" ["-l"]'), 'ls')) as A.CallExpr;
    assert.equal(c.callee.text, 'run');
    assert.equal(c.args.length, 2);
  });

  test('?h cond a b is a ternary at 26 and a syntax error at 0.11', () => {
    const e = lastExpr(fn(clean26('sg x:n>n;?h >x 0 1 -1'), 'sg'));
    assert.equal(e.kind, 'Ternary');
    assert.ok(hasError(at011('sg x:n>n;?h >x 0 1 -1')));
  });

  test('an infix + chain after a prefix + is ILO-P010', () => {
    assert.deepEqual(codes26('join a:t b:t>t;+a+"-"+b').map((c) => c.split(' ')[0]), ['ILO-P010']);
  });
});

describe('level 26: lambdas, records, bindings', () => {
  test('brace lambdas with one or two parameters', () => {
    const decls = clean26('dbl xs:L n>L n;map {v> *v 2} xs\ntot xs:L n>n;fld {acc v> +acc v} xs 0');
    const m = lastExpr(fn(decls, 'dbl')) as A.CallExpr;
    const lam = m.args[0] as A.LambdaExpr;
    assert.equal(lam.kind, 'Lambda');
    assert.equal(lam.brace, true);
    assert.deepEqual(lam.params.map((p) => p.name.text), ['v']);
    const f = lastExpr(fn(decls, 'tot')) as A.CallExpr;
    assert.deepEqual((f.args[0] as A.LambdaExpr).params.map((p) => p.name.text), ['acc', 'v']);
  });

  test('a brace lambda with a guard before its last value is ILO-P023', () => {
    assert.equal(codes26('pos xs:L n>L n;map {x> >=x 0 0;x} xs')[0]?.split(' ')[0], 'ILO-P023');
  });

  test('anonymous records and their fields', () => {
    const f = fn(clean26('pair>n;r={left:1 right:2};+r.left r.right'), 'pair');
    const r = (f.body[0] as A.BindStmt).value as A.AnonRecordExpr;
    assert.equal(r.kind, 'AnonRecord');
    assert.deepEqual(r.fields.map((x) => x.name.text), ['left', 'right']);
  });

  test('_=expr discards a value; _private names', () => {
    const decls = clean26('_twice x:n>n;*x 2\ngo>n;_=_twice 3;1');
    assert.ok(fn(decls, '_twice'));
    assert.equal((fn(decls, 'go').body[0] as A.BindStmt).name.text, '_');
  });

  test('a binding at the top level is ILO-P102', () => {
    assert.deepEqual(codes26('one>n;1\ntotal=one').map((c) => c.split(' ')[0]), ['ILO-P102']);
  });

  test('deep nesting is ILO-P103, not a crash', () => {
    const deep = `m>n;${'('.repeat(300)}1${')'.repeat(300)}`;
    assert.ok(codes26(deep).some((c) => c.startsWith('ILO-P103')));
  });
});

describe('level 26: declarations', () => {
  test('sum types with payloads and type parameters', () => {
    const decls = clean26('type shape = disc(n) | sq(n) | origin\ntype box<a> = full(a) | empty');
    const [shape, box] = decls as A.SumTypeDecl[];
    assert.equal(shape.kind, 'SumTypeDecl');
    assert.deepEqual(shape.variants.map((v) => `${v.name.text}${v.payload ? `(${show(v.payload)})` : ''}`), ['disc(n)', 'sq(n)', 'origin']);
    assert.deepEqual(box.typeParams.map((t) => t.name.text), ['a']);
  });

  test('variant and or-patterns in a match', () => {
    const src = 'type shape = disc(n) | sq(n) | origin\nsize s:shape>n;?s{disc(r):r;sq(w):w;origin:0}\nsmall x:n>b;?x{1|2:true;_:false}';
    const decls = clean26(src);
    const m = fn(decls, 'size').body[0] as A.MatchStmt;
    const p = m.arms[0].pattern as Extract<A.Pattern, { kind: 'VariantPat' }>;
    assert.equal(p.kind, 'VariantPat');
    assert.equal(p.tag.text, 'disc');
    assert.equal(p.binding.text, 'r');
    const o = (fn(decls, 'small').body[0] as A.MatchStmt).arms[0].pattern as Extract<A.Pattern, { kind: 'OrPat' }>;
    assert.equal(o.kind, 'OrPat');
    assert.equal(o.alternatives.length, 2);
  });

  test('a variant named like a type letter still binds its payload', () => {
    const decls = clean26('type two = a | b(n)\npick x:two>n;?x{a:0;b(v):v}');
    const arm = (fn(decls, 'pick').body[0] as A.MatchStmt).arms[1];
    assert.equal(arm.pattern.kind, 'VariantPat');
  });

  test('bounded type parameters; a bad one is ILO-P022', () => {
    const f = fn(clean26('least<a:comparable> x:a y:a>a;?<x y x y'), 'least');
    assert.deepEqual(f.typeParams?.map((t) => `${t.name.text}:${t.bounds?.map((b) => b.text).join('+')}`), ['a:comparable']);
    assert.deepEqual(codes26('least<ab> x:n>n;x')[0], 'ILO-P022 1:7');
  });

  test('error sets, effect sigils, req and ens in a header', () => {
    const f = fn(clean26('fetchn u:t>R n t ^net|parse /http req >(len u) 0 ens result>=0;~1'), 'fetchn');
    assert.deepEqual(f.errorSet?.map((n) => n.text), ['net', 'parse']);
    assert.deepEqual(f.effects?.map((e) => e.name.text), ['http']);
    assert.deepEqual(f.requires?.map(show), ['(> (call len u) 0)']);
    assert.deepEqual(f.ensures?.map(show), ['(>= result 0)']);
  });

  test('test blocks on one line or several', () => {
    const decls = clean26('half x:n>n;/x 2\ntest half { ok half 4 2; ok half 0 0 }\ntest half {\n  ok half 10 5\n  err half 1 "odd"\n}');
    const t = decls[2] as A.TestDecl;
    assert.equal(t.kind, 'TestDecl');
    assert.deepEqual(t.cases.map((c) => `${c.expect} ${c.callee.text} ${c.args.map(show).join(' ')} -> ${show(c.expected)}`), [
      'ok half 10 -> 5',
      'err half 1 -> "odd"',
    ]);
  });

  test('a body ending in a bare name or a call keeps the column-0 test block below it', () => {
    // Before: `same`'s final `x` took `test` and `same` as operands and `{…}` as a guard body.
    const decls = clean26('same x:n>n;x\ntest same {ok same 3 3}\nrelay s:t>n;len s\ntest relay {\n  ok relay "ab" 2\n}\nkeep s:t>t;s');
    assert.deepEqual(decls.map((d) => d.kind), ['FunctionDecl', 'TestDecl', 'FunctionDecl', 'TestDecl', 'FunctionDecl']);
    assert.equal(show(lastExpr(fn(decls, 'same'))), 'x');
    assert.equal(show(lastExpr(fn(decls, 'relay'))), '(call len s)');
    assert.deepEqual((decls[3] as A.TestDecl).cases.map((c) => `${c.expect} ${c.callee.text}`), ['ok relay']);
    // Only at a column-0 line start: mid-line, `test` is an ordinary name (here an operand of `g`).
    const mid = fn(clean26('g a:n b:n>n;+a b\nh test:n>n;g test 1'), 'h');
    assert.equal(show(lastExpr(mid)), '(call g test 1)');
  });

  test('parameters: a reserved word is ILO-P011, a builtin name is allowed (unlike a function or binding name)', () => {
    // Spec: reserved words are rejected in parameter position too; builtin names only as function and binding names.
    assert.deepEqual(codes26('wait fn:n>n;+fn 1'), ['ILO-P011 1:6', 'ILO-P009 1:14']);
    // A runnable 26 example declares `now:n` and `num:t` parameters: a parameter may shadow a builtin.
    const f = fn(clean26('poll now:n>n;+now 1'), 'poll');
    assert.deepEqual(f.params.map((p) => p.name.text), ['now']);
    assert.deepEqual(at26('flat x:n>n;x').diagnostics.map((d) => d.code), ['ILO-P011']);
    assert.deepEqual(codes26('f x:n>n;len=+x 1;len'), ['ILO-P011 1:9']);
  });

  test('a test block for an undeclared function is ILO-P003', () => {
    assert.deepEqual(codes26('test ghost { ok ghost 1 1 }'), ['ILO-P003 1:6']);
  });

  test('tools with parenthesised parameters and a policy', () => {
    const decls = clean26('tool wx"Weather" (city:t)>R _ t timeout:30,retry:2 policy{domain:"api.wx.io",rate:10}');
    const t = decls[0] as A.ToolDecl;
    assert.equal(t.kind, 'ToolDecl');
    assert.deepEqual(t.params.map((p) => p.name.text), ['city']);
  });

  test('use with a prefix or a re-export; the wrong combinations are ILO-P016', () => {
    const decls = clean26('use m:"mathlib.@"\nuse re:"shapes.ilo" [area]');
    const [a, b] = decls as A.UseDecl[];
    assert.equal(a.alias?.text, 'm');
    assert.equal(b.reexport?.text, 're');
    assert.deepEqual(b.only?.map((n) => n.text), ['area']);
    assert.deepEqual(codes26('use re:"shapes.ilo"').map((c) => c.split(' ')[0]), ['ILO-P016']);
    assert.deepEqual(codes26('use m:"shapes.ilo" [area]').map((c) => c.split(' ')[0]), ['ILO-P016']);
  });

  test('a function declared inside a body is ILO-P024', () => {
    assert.deepEqual(codes26('outer>n\n  x=1\n  inner y:n>n;y').map((c) => c.split(' ')[0]), ['ILO-P024']);
  });
});

describe('level 0.11 stays as it was', () => {
  test('the level-26 forms are errors or other trees at 0.11', () => {
    for (const src of ['dbl xs:L n>L n;map {v> *v 2} xs', 'type shape = disc(n) | origin', 'half x:n>n;/x 2\ntest half { ok half 4 2 }']) {
      assert.ok(hasError(at011(src)), src);
    }
  });

  test('no pragma, no level asked: 0.11', () => {
    assert.equal(parseIlo('sq x:n>n;*x x').program.level, '0.11');
  });
});

test('level 26: a name and `:` after a function with known parameters that is not a label (`add x:n>n`) does not crash the parser', () => {
  // Found by `npm run fuzz:edits -- --corpus=ilo26`: the labelled-call path was taken
  // for `x:n>` (a parameter list's shape), found no label, and failed on an empty list.
  for (const text of ['add a:n b:n>n;+a b\ng>n;add x:n>n', 'g>n;m"";mvals m\n:l>m"" "" ""']) {
    const r = parseIlo(text, { level: LEVEL_26 });
    assert.deepEqual(r.diagnostics.filter((d) => d.code === 'internal-error'), [], text);
  }
  // A real label still resolves.
  const ok = parseIlo('add a:n b:n>n;+a b\ng>n;add b:2 a:1', { level: LEVEL_26 });
  assert.deepEqual(ok.diagnostics, []);
});
