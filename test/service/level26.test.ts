// The editor features over the level-26 forms (programs written for these
// tests, each starting with a `^26.8` pragma): definition, references,
// rename and highlights of variants, labels, interpolation slots and
// `req` conditions; hover on the pragma and on a variant; completion with
// the level's builtins; semantic tokens; signature help and inlay hints in
// labelled calls; outline and folding.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Hover, SemanticTokens } from 'vscode-languageserver';
import { newService, open, openAt, openMany } from './helpers';
import { LEVEL_26 } from '../../server/src/level';
import { decodeTokens, kindText, tokenAt } from './display/helpers';

const P = '^26.8\n';

function hoverText(h: Hover | null | undefined): string {
  const c = h?.contents;
  return c && typeof c === 'object' && 'value' in c ? c.value : '';
}

describe('level 26: definition and references', () => {
  it('a variant: from a construction, a variant pattern and a bare arm to its declaration', () => {
    for (const use of ['mk>shape;di┆sc 2', 'r s:shape>n;?s{di┆sc(x):x;sq(w):w;origin:0}']) {
      const o = openAt(`${P}type shape = ⟦disc⟧(n) | sq(n) | origin\n${use}`);
      assert.deepEqual(o.service.definition(o.uri, o.pos), { uri: o.uri, range: o.ranges[0] }, use);
    }
    const bare = openAt(`${P}type shape = disc(n) | sq(n) | ⟦origin⟧\nr s:shape>n;?s{disc(x):x;sq(w):w;ori┆gin:0}`);
    assert.deepEqual(bare.service.definition(bare.uri, bare.pos), { uri: bare.uri, range: bare.ranges[0] });
  });

  it('references of a variant: the declaration, constructions and patterns, not a quoted text pattern', () => {
    const o = openAt(`${P}type shape = ⟦d┆isc⟧(n) | origin\nmk>shape;⟦disc⟧ 2\nr s:shape>n;?s{⟦disc⟧(x):x;origin:0}\nq x:t>n;?x{"disc":1;_:0}`);
    const refs = o.service.references(o.uri, o.pos, true) ?? [];
    assert.deepEqual(
      refs.map((r) => r.range),
      o.ranges,
    );
  });

  it('the binding of a variant pattern is a local of its arm', () => {
    const o = openAt(`${P}type shape = disc(n) | origin\nr s:shape>n;?s{disc(⟦x⟧):*┆x 2;origin:0}`);
    assert.deepEqual(o.service.definition(o.uri, o.pos), { uri: o.uri, range: o.ranges[0] });
  });

  it('a label names the parameter: definition goes there and renaming the parameter renames the label', () => {
    const o = openAt(`${P}span ⟦lo⟧:n hi:n>n;-hi ⟦lo⟧\nm>n;span(hi: 9, ⟦l┆o⟧: 2)`);
    assert.deepEqual(o.service.definition(o.uri, o.pos), { uri: o.uri, range: o.ranges[0] });
    const edit = o.service.rename(o.uri, o.pos, 'low');
    const edits = edit?.changes?.[o.uri] ?? [];
    assert.deepEqual(
      edits.map((e) => e.range).sort((a, b) => a.start.line - b.start.line || a.start.character - b.start.character),
      o.ranges,
    );
    assert.ok(edits.every((e) => e.newText === 'low'));
  });

  it('a {name} slot in a text is a reference to the binding', () => {
    const o = openAt(`${P}greet ⟦who⟧:t>t;"hi {w┆ho}!"`);
    assert.deepEqual(o.service.definition(o.uri, o.pos), { uri: o.uri, range: o.ranges[0] });
    const hl = o.service.documentHighlights(o.uri, o.pos) ?? [];
    assert.equal(hl.length, 2);
  });

  it('req and ens conditions read the parameters', () => {
    const o = openAt(`${P}half ⟦x⟧:n>n req ┆x>0;/x 2`);
    assert.deepEqual(o.service.definition(o.uri, o.pos), { uri: o.uri, range: o.ranges[0] });
  });

  it('a test block names its function', () => {
    const o = openAt(`${P}⟦half⟧ x:n>n;/x 2\ntest half { ok ha┆lf 4 2 }`);
    assert.deepEqual(o.service.definition(o.uri, o.pos), { uri: o.uri, range: o.ranges[0] });
  });

  it('a bare zero-argument name reads the local of that name', () => {
    const o = openAt(`${P}f>n;⟦e⟧=5;+┆e 1`);
    assert.deepEqual(o.service.definition(o.uri, o.pos), { uri: o.uri, range: o.ranges[0] });
  });
});

describe('level 26: hover', () => {
  it('on the pragma: the level and the version', () => {
    const o = openAt('^2┆6.5\nsq x:n>n;*x x');
    const text = hoverText(o.service.hover(o.uri, o.pos));
    assert.match(text, /language level \*\*26\*\*/);
    assert.match(text, /26\.5/);
  });

  it('on a pragma newer than the tooling knows', () => {
    const o = openAt('^2┆7.1\nsq x:n>n;*x x');
    assert.match(hoverText(o.service.hover(o.uri, o.pos)), /newer than this tooling knows/);
  });

  it('on a variant: its payload and its sum type', () => {
    const o = openAt(`${P}type shape = disc(n) | origin\nmk>shape;di┆sc 2`);
    const text = hoverText(o.service.hover(o.uri, o.pos));
    assert.match(text, /disc\(n\)/);
    assert.match(text, /variant of `shape`/);
    assert.match(text, /type shape = disc\(n\) \| origin/);
  });

  it('on a builtin of level 26 only', () => {
    const o = openAt(`${P}f>t;p┆st "u" "b"`);
    assert.match(hoverText(o.service.hover(o.uri, o.pos)), /pst/);
  });
});

describe('level 26: completion', () => {
  const labels = (src: string): string[] => {
    const o = openAt(src);
    const list = o.service.completion(o.uri, o.pos);
    return (list ?? []).map((i) => i.label);
  };

  it('offers the builtins of the file level', () => {
    const at26 = labels(`${P}f>t;┆`);
    assert.ok(at26.includes('pst'));
    assert.ok(!at26.includes('post'));
    const at011 = labels('f>t;┆');
    assert.ok(at011.includes('post'));
    assert.ok(!at011.includes('pst'));
  });

  it('offers variants, and test/sum-type declarations at the start of a line', () => {
    assert.ok(labels(`${P}type shape = disc(n) | origin\nmk>shape;┆`).includes('origin'));
    const start = labels(`${P}sq x:n>n;*x x\n┆`);
    assert.ok(start.includes('test'));
  });
});

describe('level 26: semantic tokens, signature help, inlay hints', () => {
  it('colours variants, labels, interpolation slots and type parameters', () => {
    const { service, uri, ranges } = open(
      `${P}type ⟦shape⟧ = ⟦disc⟧(n) | origin\nbig<⟦a⟧> x:a>a;x\nspan lo:n hi:n>n;-hi lo\nm who:t>t;s=span(⟦hi⟧: 9, lo: 2);"{⟦who⟧} {s}"\nr s:shape>n;?s{⟦disc⟧(x):x;origin:0}`,
    );
    const tokens = decodeTokens((service.semanticTokens(uri) as SemanticTokens).data);
    assert.deepEqual(
      ranges.map((r) => kindText(tokenAt(tokens, r.start))),
      ['struct[declaration]', 'enumMember[declaration]', 'typeParameter[declaration]', 'parameter', 'parameter[readonly]', 'enumMember'],
    );
  });

  it('signature help in a labelled call highlights the parameter of the label under the cursor', () => {
    const o = openAt(`${P}span lo:n hi:n>n;-hi lo\nm>n;span(hi: ┆9, lo: 2)`);
    const help = o.service.signatureHelp(o.uri, o.pos);
    assert.equal(help?.activeParameter, 1);
  });

  it('no parameter-name hint before a labelled argument, nor inside an interpolated text', () => {
    const o = open(`${P}span lo:n hi:n>n;-hi lo\nm x:n>t;a=span(hi: 9, lo: 2);b=span 1 x;"{a}{b}"`);
    const lines = o.text.split('\n').length;
    const hints = o.service.inlayHints(o.uri, { start: { line: 0, character: 0 }, end: { line: lines, character: 0 } }) ?? [];
    const labels = hints.map((h) => (typeof h.label === 'string' ? h.label : h.label.map((p) => p.value).join('')));
    // Only the positional `span 1 x` gets hints.
    assert.deepEqual(labels.filter((l) => l === 'lo:' || l === 'hi:'), ['lo:', 'hi:']);
  });
});

describe('level 26: outline and folding', () => {
  it('a sum type lists its variants; a test block is named after its function', () => {
    const o = open(`${P}type shape = disc(n) | origin\nhalf x:n>n;/x 2\ntest half { ok half 4 2 }`);
    const symbols = o.service.documentSymbols(o.uri) ?? [];
    assert.deepEqual(
      symbols.map((s) => s.name),
      ['shape', 'half', 'test half'],
    );
    assert.deepEqual(symbols[0].children?.map((c) => c.name), ['disc', 'origin']);
  });

  it('a multi-line test block and a triple-quoted text fold', () => {
    const o = open(`${P}half x:n>n;/x 2\ntest half {\n  ok half 4 2\n  ok half 2 1\n}\npoem>t\n  """\n    a\n    b\n    """`);
    const folds = o.service.foldingRanges(o.uri) ?? [];
    assert.ok(folds.some((f) => f.startLine === 2 && f.endLine === 5), JSON.stringify(folds));
    assert.ok(folds.some((f) => f.startLine === 7 && f.endLine === 10), JSON.stringify(folds));
  });
});

describe('level 26: the level of a document (status bar)', () => {
  it('from the pragma, else from the configured level', () => {
    const o = open('^26.5\nsq x:n>n;*x x');
    assert.deepEqual(o.service.languageLevel(o.uri), { level: '26', pragma: '26.5', source: 'pragma' });
    const plain = open('sq x:n>n;*x x');
    assert.deepEqual(plain.service.languageLevel(plain.uri), { level: '0.11', source: 'setting' });
  });
});

describe('level 26 from the setting (no pragma)', () => {
  it('formatting reads the file at the configured level', () => {
    const service = newService();
    service.configure({ level: LEVEL_26 });
    const o = open('dbl xs:L n>L n;map {v> *v 2} xs', { service });
    assert.deepEqual(o.diagnostics.filter((d) => d.severity === 1), []);
    const r = o.service.format(o.uri, 'expanded');
    assert.ok('edits' in r, JSON.stringify(r));
  });

  it('labelled arguments of a function from a used file resolve, in the analysis and the formatter', () => {
    const w = openMany({ 'lib.@': '^26.8\nspan lo:n hi:n>n;-hi lo\n', 'main.@': '^26.8\nuse "./lib.@"\nm>n;span(hi: 9, lo: 2)┆' });
    assert.deepEqual(w.diagnostics('main.@'), []);
    const r = w.service.format(w.uri, 'dense');
    assert.ok('edits' in r, JSON.stringify(r));
  });
});
