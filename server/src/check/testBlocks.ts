// `test` blocks (level 26): `test add {ok add 2 3 5; err div 1 0 "zero"}`.
// Each assertion runs when the file is checked, with the bounded evaluator
// of ./evaluate (ILO-T050 when it does not hold); an assertion the evaluator
// cannot run (an effect, a tool, a budget run out) is left unjudged. With
// `--strict`, a function without a test block is ILO-W020.

import type { Diagnostic } from '../diagnostics';
import type { Decl, FunctionDecl, TestCase, TestDecl } from '../syntax/ast';
import type { BuiltinTable } from '../syntax/builtinKit';
import { Interpreter } from './evaluate/interpreter';
import { RuntimeFailure, Unsupported, equal, show, type Value } from './evaluate/values';
import { diag } from './report';
import { shiftDiagnostic } from '../diagnostics';

/** What judging one block found, kept while the file's functions are the same declarations. */
interface Judged {
  table: BuiltinTable;
  functions: FunctionDecl[];
  /** Relative to the block's start (an edit above it moves the block, not what it found). */
  diagnostics: Diagnostic[];
}

const judged = new WeakMap<TestDecl, Judged>();

/** ILO-T050 for the failing assertions of the file's test blocks; ILO-P003 for a block about no function. */
export function testBlockDiagnostics(own: readonly Decl[], all: readonly Decl[], table: BuiltinTable, out: Diagnostic[]): void {
  const fns = new Map<string, FunctionDecl>();
  for (const d of all) if (d.kind === 'FunctionDecl' && !fns.has(d.name.text)) fns.set(d.name.text, d);
  for (const d of own) {
    if (d.kind !== 'TestDecl') continue;
    if (!fns.has(d.target.text)) {
      out.push(diag('ILO-P003', d.target, `'test ${d.target.text}' is about a function this file does not declare`, { hint: 'name a function declared in this file (or a used one)' }));
      continue;
    }
    const kept = judged.get(d);
    if (kept !== undefined && kept.table === table && sameFunctions(kept.functions, fns)) {
      for (const x of kept.diagnostics) out.push(shiftDiagnostic(x, d.start));
      continue;
    }
    const found: Diagnostic[] = [];
    for (const c of d.cases) {
      const problem = judge(c, new Interpreter(fns, table));
      if (problem !== undefined) found.push(diag('ILO-T050', c, problem.message, { hint: problem.hint }));
    }
    judged.set(d, { table, functions: [...fns.values()], diagnostics: found.map((x) => shiftDiagnostic(x, -d.start)) });
    out.push(...found);
  }
}

/** Whether the functions visible are the very declarations a result was made with. */
function sameFunctions(kept: readonly FunctionDecl[], now: ReadonlyMap<string, FunctionDecl>): boolean {
  if (kept.length !== now.size) return false;
  let i = 0;
  for (const f of now.values()) if (kept[i++] !== f) return false;
  return true;
}

/** Why an assertion does not hold, or undefined when it holds or cannot be run. */
function judge(c: TestCase, interp: Interpreter): { message: string; hint?: string } | undefined {
  let args: Value[];
  let expected: Value;
  try {
    args = c.args.map((a) => interp.expr(a, [new Map()]));
    expected = interp.expr(c.expected, [new Map()]);
  } catch {
    return undefined;
  }
  const call = `${c.callee.text} ${args.map(literal).join(' ')}`.trim();
  let got: Value;
  try {
    got = interp.call(c.callee.text, args);
  } catch (e) {
    if (e instanceof RuntimeFailure) return { message: `${c.expect} ${call} ${literal(expected)}: the call fails at run time (${e.message})` };
    if (e instanceof Unsupported) return undefined;
    return undefined;
  }
  if (c.expect === 'ok') {
    const value = got.kind === 'ok' ? got.value : got;
    if (got.kind === 'err') return { message: `ok ${call} ${literal(expected)}: the call gives the Err ${literal(got.value)}`, hint: 'an ok assertion expects the Ok value; use err to expect an Err' };
    if (equal(value, expected)) return undefined;
    return { message: `ok ${call} ${literal(expected)}: the call gives ${literal(value)}`, hint: `expected ${literal(expected)}` };
  }
  if (got.kind !== 'err') return { message: `err ${call} ${literal(expected)}: the call gives ${literal(got.kind === 'ok' ? got.value : got)}, not an Err` };
  if (equal(got.value, expected)) return undefined;
  return { message: `err ${call} ${literal(expected)}: the call gives the Err ${literal(got.value)}`, hint: `expected the Err ${literal(expected)}` };
}

/** A value as a literal in an assertion (texts quoted). */
function literal(v: Value): string {
  return v.kind === 'text' ? JSON.stringify(v.s) : show(v);
}

/** ILO-W020 (`--strict`): the file's functions that no test block is about. */
export function untestedFunctions(own: readonly Decl[], out: Diagnostic[]): void {
  const tested = new Set(own.flatMap((d) => (d.kind === 'TestDecl' ? [d.target.text] : [])));
  for (const d of own) {
    if (d.kind !== 'FunctionDecl' || tested.has(d.name.text)) continue;
    out.push(
      diag('ILO-W020', d.name, `'${d.name.text}' has no test block`, {
        hint: `add one below it: test ${d.name.text} {ok ${d.name.text} ${d.params.map(() => '…').join(' ')} <expected>}`.replace('  ', ' '),
      }),
    );
  }
}
