// Deriving the verifier's rule for a builtin call from the builtin table:
// the signatures of the forms that take that many arguments say what each
// argument must be (ILO-T013) and what the call produces; the forms' `check`
// data says where the reference verifier does otherwise. A rule is derived
// once per builtin and argument count, then applied to every such call.

import type { ArgCheck, Builtin, BuiltinSignature, FormCheck } from '../../syntax/builtins';
import { NUM, UNKNOWN, compatible, sameTy, showTy, type Ty } from '../types';
import { Variables, bind, fill, hasShape, hasVariables, readPattern, typeOf, type Pattern } from './pattern';
import { RESULT_RULES, type ResultOf } from './results';

export interface ArgIssue {
  message: string;
  /** The code to report, when not ILO-T013. */
  code?: string;
  /** The argument the issue is about; absent = the whole call. */
  arg?: number;
  hint?: string;
}

/** One test of a call's arguments; pushes what it finds wrong. */
type Check = (args: readonly Ty[], issues: ArgIssue[]) => void;

export interface CallRule {
  readonly checks: readonly Check[];
  readonly result: ResultOf;
}

/** The rule of a builtin the reference does not type-check: anything goes, the result is unknown. */
export const UNCHECKED_RULE: CallRule = { checks: [], result: () => UNKNOWN };

/** A form read from the table: its parameters and result as patterns. */
interface Form {
  sig: BuiltinSignature;
  vars: Variables;
  params: Pattern[];
  ret: Pattern;
}

/** Rule for the forms of `b` that take one argument count (the forms as `signaturesForArity` gives them). */
export function deriveRule(b: Builtin, sigs: readonly BuiltinSignature[]): CallRule {
  if (b.uncheckedByReference || sigs.length === 0) return UNCHECKED_RULE;
  const forms: Form[] = sigs.map((sig) => {
    const vars = new Variables();
    return { sig, vars, params: sig.params.map((p) => readPattern(p.type, vars)), ret: readPattern(sig.returns, vars) };
  });
  const first = forms[0];
  // The forms of one argument count are checked together, as the first says.
  if (forms.some((f) => f !== first && f.sig.check !== undefined)) throw new Error(`${b.name}: give the check on the first form of its count`);
  const how: FormCheck = first.sig.check ?? {};
  for (const key of Object.keys(how.args ?? {})) {
    if (!first.sig.params.some((p) => p.name === key)) throw new Error(`${b.name}: check for a parameter it lacks: ${key}`);
  }
  const checks: Check[] = [];
  for (let i = 0; i < first.params.length; i++) {
    const check = argumentCheck(b.name, forms, how.args?.[first.sig.params[i].name] ?? {}, i);
    if (check !== undefined) checks.push(check);
  }
  if (how.closure !== undefined) checks.push(...closureChecks(b.name, first, how.closure));
  return { checks, result: resultRule(b.name, forms, how) };
}

// ---------------------------------------------------------------- arguments

/** What an argument is tested for: `accepts` of the table, or derived from the parameter's type. */
type Test = NonNullable<ArgCheck['accepts']> | 'type' | 'seq' | 'sized' | 'function' | 'oneOf';

const SHAPE_TESTS: Readonly<Partial<Record<Test, (t: Ty) => boolean>>> = {
  list: (t) => t.kind === 'list' || t.kind === 'unknown',
  map: (t) => t.kind === 'map' || t.kind === 'unknown',
  seq: (t) => t.kind === 'list' || t.kind === 't' || t.kind === 'unknown',
  sized: (t) => t.kind === 'list' || t.kind === 'map' || t.kind === 't' || t.kind === 'unknown',
  function: (t) => t.kind === 'fn' || t.kind === 'unknown',
  fallible: (t) => t.kind === 'fn' || t.kind === 'unknown',
  result: (t) => t.kind === 'result' || t.kind === 'unknown',
  matrix: (t) => (t.kind === 'list' ? t.elem.kind === 'list' || t.elem.kind === 'unknown' : t.kind === 'unknown'),
  vector: (t) => (t.kind === 'list' ? compatible(t.elem, NUM) : t.kind === 'unknown'),
};

/** How a test's expectation reads when the table does not word it. */
const EXPECTED: Readonly<Partial<Record<Test, string>>> = {
  list: 'a list',
  map: 'a map',
  seq: 'a list or text',
  sized: 'a list, map or text',
  function: 'a function (F ...)',
  fallible: 'a function (F ...)',
  result: 'a Result (R _ _)',
  matrix: 'a matrix (L L n)',
  vector: 'a vector (L n)',
};

/** Expectations of the fixed types that need no wording in the table. */
const TYPE_WORDS: Readonly<Record<string, string>> = {
  n: 'a number (n)',
  t: 'text (t)',
  'L n': 'a vector (L n)',
  'L t': 'a list of text (L t)',
  'L (L n)': 'a matrix (L L n)',
};

/** The test a parameter's types (one per form, as patterns and as written) imply. */
function derivedTest(pats: readonly Pattern[], texts: readonly string[]): Test {
  if (pats.some((p) => p.kind === 'var' || p.kind === 'any')) return 'any';
  if (pats.some((p) => p.kind === 'fn')) return 'function';
  const shapes = new Set(pats.map((p) => (p.kind === 'prim' ? p.ty.kind : p.kind)));
  if (shapes.size > 1 && pats.every((p) => p.kind === 'prim')) return 'oneOf';
  if (shapes.size === 1) {
    const p = pats[0];
    if (!hasVariables(p) && texts.every((t) => t === texts[0])) return 'type';
    if (p.kind === 'list' || p.kind === 'map') return p.kind;
  } else if (shapes.size === 2 && shapes.has('list') && shapes.has('t')) return 'seq';
  else if (shapes.size === 3 && shapes.has('list') && shapes.has('t') && shapes.has('map')) return 'sized';
  throw new Error(`no derived test for parameter types ${pats.map((p) => p.kind).join(' | ')}`);
}

/** The check of argument `i`: what the table `given`, else what the forms' types imply. */
function argumentCheck(name: string, forms: readonly Form[], given: ArgCheck, i: number): Check | undefined {
  const pats = forms.map((f) => f.params[i]);
  const test: Test = given.accepts ?? derivedTest(pats, forms.map((f) => f.sig.params[i].type));
  const label = given.label ?? (test === 'function' || test === 'fallible' ? 'first argument' : `argument ${i + 1}`);
  const first = forms[0];
  switch (test) {
    case 'any':
      return undefined;
    case 'element':
      return elementCheck(name, label, i, holderOf(first, i, 'list'));
    case 'key':
      return keyCheck(name, label, i, holderOf(first, i, 'map'));
    case 'ok':
      return withCode(okCheck(name, label, i, holderOf(first, i, 'result')), given.code);
    default:
      break;
  }
  const typeText = first.sig.params[i].type;
  const choices = test === 'oneOf' ? [...new Set(forms.map((f) => f.sig.params[i].type))] : [];
  const wordsFor = given.what ?? EXPECTED[test] ?? TYPE_WORDS[typeText] ?? (test === 'oneOf' ? choices.map((c) => TYPE_WORDS[c] ?? c).join(' or ') : undefined);
  // A type the word table does not name is written as ilo writes it (`L t`), rather than failing the whole body.
  const what = wordsFor ?? `of type ${typeText}`;
  const prefix = `'${name}' ${given.says ?? `${label} must be`} ${what}, got `;
  let hint = given.hint;
  if (test === 'function' || test === 'fallible') {
    if (given.usage === undefined) throw new Error(`${name}: a function parameter needs its usage`);
    hint = `pass a function by name or an inline lambda: ${given.usage}`;
  }
  const hintUnlessList = given.hintUnlessList === true;
  const want = test === 'type' ? typeOf(pats[0]) : undefined;
  const anyOf = test === 'oneOf' ? pats.map(typeOf) : undefined;
  const ok =
    want !== undefined ? (t: Ty) => compatible(t, want) : anyOf !== undefined ? (t: Ty) => anyOf.some((w) => compatible(t, w)) : SHAPE_TESTS[test]!;
  const shapeCheck: Check = (args, issues) => {
    const a = args[i];
    if (a !== undefined && !ok(a)) {
      issues.push({ arg: i, message: prefix + showTy(a), hint: hintUnlessList && a.kind === 'list' ? undefined : hint });
    }
  };
  if (test !== 'fallible') return withCode(shapeCheck, given.code);
  const fallibleHint = given.hint;
  return (args, issues) => {
    shapeCheck(args, issues);
    const f = args[i];
    if (f?.kind === 'fn' && f.ret.kind !== 'result' && f.ret.kind !== 'unknown') {
      issues.push({ arg: i, message: `'${name}' needs a function returning a Result (R _ _), got one returning ${showTy(f.ret)}`, hint: fallibleHint });
    }
  };
}

/** The same check, its issues reported with `code` (ILO-T013 when undefined). */
function withCode(check: Check, code: string | undefined): Check {
  if (code === undefined) return check;
  return (args, issues) => {
    const before = issues.length;
    check(args, issues);
    for (let k = before; k < issues.length; k++) issues[k] = { ...issues[k], code };
  };
}

/**
 * Position of the parameter `L v` (a list), `M v _` (a map) or `R v _` (a
 * Result) whose variable `v` is parameter `i`'s type.
 */
function holderOf(form: Form, i: number, kind: 'list' | 'map' | 'result'): number {
  const p = form.params[i];
  const held = (q: Pattern): Pattern | undefined =>
    q.kind === 'list' && kind === 'list' ? q.elem : q.kind === 'map' && kind === 'map' ? q.key : q.kind === 'result' && kind === 'result' ? q.ok : undefined;
  const at = form.params.findIndex((q) => {
    const v = held(q);
    return v?.kind === 'var' && p.kind === 'var' && v.slot === p.slot;
  });
  if (at < 0) throw new Error(`${form.sig.params[i].name}: no ${kind} parameter holds its type`);
  return at;
}

/** The value stored in a list must fit the list's elements (`lst xs i x`). */
function elementCheck(name: string, label: string, i: number, list: number): Check {
  return (args, issues) => {
    const xs = args[list];
    const v = args[i];
    if (xs?.kind === 'list' && v !== undefined && !compatible(v, xs.elem)) {
      issues.push({ arg: i, message: `'${name}' ${label} is ${showTy(v)} but the list holds ${showTy(xs.elem)}` });
    }
  };
}

/** A value standing in for a Result's Ok value must fit it (`default-on-err r d`). */
function okCheck(name: string, label: string, i: number, result: number): Check {
  return (args, issues) => {
    const r = args[result];
    const v = args[i];
    if (r?.kind === 'result' && v !== undefined && !compatible(v, r.ok)) {
      issues.push({ arg: i, message: `'${name}' ${label} is ${showTy(v)} but the Result's Ok value is ${showTy(r.ok)}` });
    }
  };
}

/** A map key: text or a number, fitting the map's key type (anything goes when the map's type is not known). */
function keyCheck(name: string, label: string, i: number, map: number): Check {
  return (args, issues) => {
    const m = args[map];
    const k = args[i];
    if (m?.kind !== 'map' || k === undefined || k.kind === 'unknown' || m.key.kind === 'unknown') return;
    if ((k.kind === 't' || k.kind === 'n') && compatible(k, m.key)) return;
    issues.push({ arg: i, message: `'${name}' ${label} must be ${showTy(m.key)} like the map's keys, got ${showTy(k)}` });
  };
}

// ---------------------------------------------------------------- closure-bind forms

/** How the closure-bind forms' function parameters read, by the table's type variable letters. */
const ROLES: Readonly<Record<string, string>> = { a: 'element', c: 'ctx', s: 'acc' };

/** `hof fn ctx xs`: the function's parameter count, and (with 'swap') parameters given the other way round. */
function closureChecks(name: string, form: Form, closure: NonNullable<FormCheck['closure']>): Check[] {
  const fi = form.params.findIndex((p) => p.kind === 'fn');
  const fp = form.params[fi];
  if (fp?.kind !== 'fn') throw new Error(`${name}: a closure-bind form without a function parameter`);
  const want = fp.params.length;
  const order = `(${fp.params.map((p) => (p.kind === 'var' ? ROLES[form.vars.slots[p.slot]] : undefined) ?? '?').join(', ')})`;
  const checks: Check[] = [
    (args, issues) => {
      const f = args[fi];
      if (f?.kind === 'fn' && f.params.length !== want) {
        issues.push({
          arg: fi,
          message: `'${name}' with a context argument needs a function of ${want} parameters ${order}, got one of ${f.params.length}`,
          hint: `the function is called as ${order}`,
        });
      }
    },
  ];
  if (closure === 'params, swap') {
    const ci = form.sig.params.findIndex((p) => p.name === 'ctx');
    const li = form.sig.params.findIndex((p) => p.name === 'xs');
    if (ci < 0 || li < 0) throw new Error(`${name}: a closure-bind form needs parameters ctx and xs`);
    checks.push((args, issues) => {
      const hint = swappedParamsHint(args[fi], args[ci], args[li]);
      if (hint !== undefined) issues.push({ message: `'${name}': the function's parameters look swapped for the context form`, hint });
    });
  }
  return checks;
}

/**
 * The closure-bind forms call `fn element ctx`. When the function's first
 * parameter has the context's type and its second the element's (and the two
 * differ), the user most likely wrote them the other way round.
 */
function swappedParamsHint(f: Ty | undefined, ctx: Ty | undefined, xs: Ty | undefined): string | undefined {
  if (f?.kind !== 'fn' || f.params.length !== 2 || ctx === undefined || xs?.kind !== 'list') return undefined;
  const [p0, p1] = f.params;
  const elem = xs.elem;
  if (p0.kind === 'unknown' || p1.kind === 'unknown' || ctx.kind === 'unknown' || elem.kind === 'unknown') return undefined;
  if (sameTy(p0, p1)) return undefined;
  if (sameTy(p0, ctx) && sameTy(p1, elem) && !sameTy(ctx, elem)) {
    return `the function is called as (element, ctx): the elements are ${showTy(elem)} and the context is ${showTy(ctx)}, so its parameters should be (${showTy(p1)}, ${showTy(p0)})`;
  }
  return undefined;
}

// ---------------------------------------------------------------- the result

function resultRule(name: string, forms: readonly Form[], how: FormCheck): ResultOf {
  const first = forms[0];
  if (how.result !== undefined) {
    return RESULT_RULES[how.result]({
      param: (p) => {
        const at = first.sig.params.findIndex((q) => q.name === p);
        if (at < 0) throw new Error(`${name}: result rule '${how.result}' needs a parameter ${p}`);
        return at;
      },
      matched: (agree) => matchedResult(first, agree),
      declared: typeOf(first.ret),
    });
  }
  if (forms.every((f) => f.sig.returns === first.sig.returns) && !hasVariables(first.ret)) {
    const fixed = typeOf(first.ret);
    return () => fixed;
  }
  if (forms.length === 1) {
    const matched = matchedResult(first, false);
    if (how.orElse === undefined) return matched;
    // The result needs its list/map arguments to be ones.
    const orElse = typeOf(readPattern(how.orElse, new Variables()));
    const needed = first.params.flatMap((p, i) => (p.kind === 'list' || p.kind === 'map' ? [i] : []));
    return (args) => {
      for (const i of needed) {
        const a = args[i];
        if (a === undefined || !hasShape(first.params[i], a)) return orElse;
      }
      return matched(args);
    };
  }
  // Forms of one argument count that differ in a parameter's type: the result
  // is that of the form the arguments have the shape of, unknown for none.
  const differing = first.params.flatMap((_, i) => (forms.some((f) => f.sig.params[i].type !== first.sig.params[i].type) ? [i] : []));
  const choices = forms.map((f) => ({ f, matched: matchedResult(f, false) }));
  return (args) => {
    for (const { f, matched } of choices) {
      if (differing.every((i) => args[i] !== undefined && hasShape(f.params[i], args[i]))) return matched(args);
    }
    return UNKNOWN;
  };
}

/** The form's result with its type variables bound from the arguments. */
function matchedResult(form: Form, agree: boolean): ResultOf {
  const { params, ret } = form;
  const slots = form.vars.slots.length;
  if (!hasVariables(ret)) {
    const fixed = typeOf(ret);
    return () => fixed;
  }
  return (args) => {
    const found: (Ty | undefined)[] = new Array(slots);
    for (let i = 0; i < params.length; i++) {
      const a = args[i];
      if (a !== undefined) bind(params[i], a, found, agree);
    }
    return fill(ret, found);
  };
}
