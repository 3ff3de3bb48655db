// Call hierarchy against the reference's `ilo graph FILE` call lists
// (../shared/corpus/graph/NAME.calls.json): for every function of every clean
// corpus example, our outgoing calls restricted to functions of the same file
// must be the functions the reference lists.
//
// One difference is by design: the reference lifts each lambda into a
// function of its own (`__lit_0`, `__lit_1`, … in source order) and lists the
// calls a lambda makes under that name; we count them for the function the
// lambda is written in. So the lambdas' lists are added to their enclosing
// function's list before comparing (the k-th lambda of the file in source
// order is `__lit_k`; when a file's lambda count differs from its `__lit_`
// count, nothing is added and the difference shows as a disagreement). The
// report gives both figures: exact agreement, and agreement with lambdas
// counted for their enclosing function.
//
// Skipped, with that reason, when ../shared/corpus is not present.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SymbolKind } from 'vscode-languageserver';
import type { Program } from '../../server/src/syntax/ast';
import { forEachNode } from '../../server/src/syntax/walk';
import { newService } from './helpers';

const corpus = path.resolve(__dirname, '..', '..', '..', 'shared', 'corpus');
const graphDir = path.join(corpus, 'graph');
const present = fs.existsSync(graphDir) && fs.existsSync(path.join(corpus, 'examples'));

const isLifted = (name: string): boolean => name.startsWith('__lit_');

/** For each function, the reference names of the lambdas written in it (`__lit_k` for the k-th lambda of the file). */
function liftedLambdasByFunction(program: Program, liftedCount: number): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let k = 0;
  const perFn: Array<[string, number]> = [];
  for (const d of program.decls) {
    if (d.kind !== 'FunctionDecl') continue;
    let here = 0;
    forEachNode(d.body, (n) => {
      if ('kind' in n && n.kind === 'Lambda') here++;
    });
    perFn.push([d.name.text, here]);
    k += here;
  }
  if (k !== liftedCount) return out;
  let next = 0;
  for (const [fn, count] of perFn) {
    out.set(fn, Array.from({ length: count }, (_, i) => `__lit_${next + i}`));
    next += count;
  }
  return out;
}

test('call hierarchy: outgoing calls agree with `ilo graph` on every corpus example', { skip: present ? false : `../shared/corpus/graph not present (looked in ${graphDir})` }, (t) => {
  const files = fs.readdirSync(graphDir).filter((f) => f.endsWith('.calls.json')).sort();
  assert.ok(files.length > 0, 'the graph folder holds call lists');
  let compared = 0;
  let agreed = 0;
  let agreedExactly = 0;
  let liftedSkipped = 0;
  const disagreements: string[] = [];
  for (const f of files) {
    const name = f.slice(0, -'.calls.json'.length);
    const source = path.join(corpus, 'examples', `${name}.ilo`);
    const expected = JSON.parse(fs.readFileSync(path.join(graphDir, f), 'utf8')) as Record<string, string[]>;
    const text = fs.readFileSync(source, 'utf8');
    const uri = pathToFileURL(source).toString();
    const service = newService();
    service.setDocument(uri, text, 1);
    const program = service.getAnalysis(uri)!.program;
    const lambdas = liftedLambdasByFunction(program, Object.keys(expected).filter(isLifted).length);
    for (const [fn, calls] of Object.entries(expected)) {
      if (isLifted(fn)) {
        liftedSkipped++;
        continue;
      }
      compared++;
      const decl = program.decls.find((d) => d.kind === 'FunctionDecl' && d.name.text === fn);
      if (!decl || decl.kind !== 'FunctionDecl') {
        disagreements.push(`${name}: ${fn} is not a function we parsed`);
        continue;
      }
      const at = { line: text.slice(0, decl.name.start).split('\n').length - 1, character: decl.name.start - text.lastIndexOf('\n', decl.name.start - 1) - 1 };
      const [item] = service.prepareCallHierarchy(uri, at);
      assert.equal(item?.name, fn, `${name}: prepare on the name of ${fn}`);
      const ours = service
        .outgoingCalls(item)
        .filter((c) => c.to.uri === uri && c.to.kind === SymbolKind.Function)
        .map((c) => c.to.name)
        .sort();
      const exact = calls.filter((c) => !isLifted(c)).sort();
      const inLambdas = (lambdas.get(fn) ?? []).flatMap((lit) => expected[lit] ?? []);
      const theirs = [...new Set([...exact, ...inLambdas.filter((c) => !isLifted(c))])].sort();
      if (JSON.stringify(ours) === JSON.stringify(exact)) agreedExactly++;
      if (JSON.stringify(ours) === JSON.stringify(theirs)) agreed++;
      else disagreements.push(`${name}: ${fn} calls ours ${JSON.stringify(ours)} reference ${JSON.stringify(theirs)}`);
    }
  }
  const report =
    `call lists agree for ${agreed} of ${compared} functions in ${files.length} examples with calls in lambdas counted for their function ` +
    `(${agreedExactly} of ${compared} exactly as listed; ${liftedSkipped} lifted lambdas have no entry of their own here)`;
  t.diagnostic(report);
  console.log(`[call hierarchy vs ilo graph] ${report}`);
  assert.deepEqual(disagreements, [], report);
});
