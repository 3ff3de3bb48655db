// Our own diagnostic codes (source `ilo-contracts`, kebab-case): every one
// the sources can report has an explanation (hover, `ilo-ls explain`, SARIF
// rule help), and each explanation's examples do what they say through the
// whole pipeline: analysis, contract passes and suppressions.

import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { Analyzer, combineDiagnostics, contractsFor, suppressFindings } from '../../server/src/service/analysis';
import { OverlayFileHost } from '../../server/src/service/documents';
import type { Diagnostic } from '../../server/src/diagnostics';
import { EXPLANATIONS, explain, normalizeCode } from '../../server/src/explain';

const SRC = path.join(__dirname, '..', '..', 'server', 'src');
const SEVERITY = '(?:error|warning|information|hint)';
const KEBAB = '[a-z][a-z0-9]*(?:-[a-z0-9]+)*';
const HYPHENATED = '[a-z][a-z0-9]*(?:-[a-z0-9]+)+';

/**
 * The kebab-case codes written in server/src (outside the explanations): as
 * `code: '…'`, in a `…Code` union type, as a `…_CODE`-style constant next to
 * an `ilo-contracts` source, or beside a severity in a call
 * (`unparsed(text, 'binary-file', 'error', …)`, `push(span, 'warning', 'tool-changed', …)`).
 */
function ownCodesInSources(): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        // The formatter's refusal codes (`too-large`) are messages, not diagnostics.
        if (entry.name !== 'explain' && entry.name !== 'format') walk(p);
        continue;
      }
      if (!entry.name.endsWith('.ts')) continue;
      const text = fs.readFileSync(p, 'utf8');
      const add = (re: RegExp, group = 1): void => {
        for (const m of text.matchAll(re)) found.add(m[group]);
      };
      add(new RegExp(`\\bcode: '(${KEBAB})'`, 'g'));
      // Beside a severity only a hyphenated word counts (`'status', 'error'` is a list of words).
      add(new RegExp(`'(${HYPHENATED})',\\s*'${SEVERITY}'`, 'g'));
      add(new RegExp(`'${SEVERITY}',\\s*'(${HYPHENATED})'`, 'g'));
      if (text.includes("'ilo-contracts'")) add(new RegExp(`export const [A-Z_]+ = '(${KEBAB})';`, 'g'));
      for (const union of text.matchAll(/type \w*Code =([^;]+);/g)) for (const m of union[1].matchAll(new RegExp(`'(${KEBAB})'`, 'g'))) found.add(m[1]);
    }
  };
  walk(SRC);
  return found;
}

/** Everything reported for a program saved as main.ilo, as the editor publishes it. */
function findings(source: string): Diagnostic[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-own-'));
  try {
    const file = path.join(dir, 'main.ilo');
    fs.writeFileSync(file, source);
    const analysis = new Analyzer(new OverlayFileHost()).analyze(file, source);
    const combined = combineDiagnostics(analysis.diagnostics, contractsFor([analysis], 'file').get(analysis.path) ?? []);
    return suppressFindings(analysis, combined).diagnostics;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('explanations of our own codes', () => {
  it('every kebab-case code in the sources has one', () => {
    const codes = ownCodesInSources();
    assert.ok(codes.size >= 40, `only ${codes.size} codes found: ${[...codes].join(', ')}`);
    for (const known of ['same-schema', 'effect-gate', 'instructs-model', 'tool-removed', 'binary-file', 'long-form-alias', 'unused-suppression']) {
      assert.ok(codes.has(known), `the scan misses ${known}`);
    }
    assert.deepEqual([...codes].filter((c) => explain(c) === undefined).sort(), []);
  });

  it('are looked up by their kebab-case name in any case, and never shadow a reference code', () => {
    assert.equal(explain('same-schema')?.code, 'same-schema');
    assert.equal(explain(' Same-Schema ')?.code, 'same-schema');
    assert.equal(normalizeCode('no-such-code'), undefined);
    for (const e of EXPLANATIONS) if (!e.code.startsWith('ILO-')) assert.match(e.code, new RegExp(`^${KEBAB}$`), e.code);
  });

  for (const e of EXPLANATIONS.filter((x) => !x.code.startsWith('ILO-') && x.example)) {
    it(`${e.code}: the wrong example gets it, the right one does not`, () => {
      const wrong = findings(e.example!.wrong).map((d) => d.code);
      assert.ok(wrong.includes(e.code), `wrong example gives [${wrong.join(', ')}]`);
      const right = findings(e.example!.right).filter((d) => d.code === e.code || (d.source === 'ilo' && d.severity === 'error'));
      assert.deepEqual(right.map((d) => `${d.code} ${d.message}`), []);
    });
  }

  it('long-form-alias is one of ours: source ilo-contracts', () => {
    const d = findings('size xs:L n>n;length xs').find((x) => x.code === 'long-form-alias');
    assert.equal(d?.source, 'ilo-contracts');
  });
});
