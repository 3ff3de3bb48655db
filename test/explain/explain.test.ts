// The explanations of diagnostic codes: one for every code of the reference's
// code table (when ../shared is there) and every code our sources report;
// the examples of static codes do what they say with our own checker.

import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { Analyzer } from '../../server/src/service/analysis';
import { OverlayFileHost } from '../../server/src/service/documents';
import type { Diagnostic } from '../../server/src/diagnostics';
import { EXPLANATIONS, explain, explanationMarkdown, explanationText, normalizeCode, type Explanation } from '../../server/src/explain';

const ROOT = path.join(__dirname, '..', '..');
const TSV = path.join(ROOT, '..', 'shared', 'reference', 'ilo-error-codes.tsv');

/** Codes of the reference's table, with its one-line descriptions; undefined without ../shared. */
function referenceCodes(): Map<string, string> | undefined {
  if (!fs.existsSync(TSV)) return undefined;
  const rows = fs.readFileSync(TSV, 'utf8').split('\n').filter((l) => l.trim() !== '');
  return new Map(rows.map((l) => l.split('\t') as [string, string]));
}

/** Every `ILO-X000` string literal in server/src outside the explanations themselves. */
function codesInSources(): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'explain') walk(p);
      } else if (entry.name.endsWith('.ts')) {
        for (const m of fs.readFileSync(p, 'utf8').matchAll(/'(ILO-[LPTRWE]\d{3})'/g)) found.add(m[1]);
      }
    }
  };
  walk(path.join(ROOT, 'server', 'src'));
  return found;
}

/** The files the programs are saved to (the editor's host with nothing open). */
const host = new OverlayFileHost();

/** Diagnostics of a program saved as main.ilo in a fresh folder, beside the files it needs. */
function check(source: string, files: Readonly<Record<string, string>> = {}): Diagnostic[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-explain-'));
  try {
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
    const file = path.join(dir, 'main.ilo');
    fs.writeFileSync(file, source);
    return new Analyzer(host).analyze(file, source).diagnostics;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const isStatic = (code: string): boolean => /^ILO-[LPT]/.test(code);

/**
 * Static codes our parser never reports, with the code it gives the same
 * mistake instead (ILO-P002: every end-of-file case names what was missing).
 */
const REPORTED_AS: Readonly<Record<string, string>> = { 'ILO-P002': 'ILO-P006' };

/** Run-time codes whose mistake the verifier already reports, and as what. */
const CAUGHT_STATICALLY: Readonly<Record<string, string>> = {
  'ILO-R001': 'ILO-T004',
  'ILO-R002': 'ILO-T005',
  'ILO-R010': 'ILO-T004',
  'ILO-R011': 'ILO-T005',
};

describe('explanations: complete', () => {
  it('explains every code of the reference code table (../shared/reference/ilo-error-codes.tsv)', () => {
    const table = referenceCodes();
    // Without ../shared the table cannot be read; the sources' codes are still checked below.
    const missing = [...(table?.keys() ?? [])].filter((c) => explain(c) === undefined);
    assert.deepEqual(missing, []);
    if (table) assert.ok(table.size >= 60, `only ${table.size} codes read from the table`);
  });

  it('explains every code our parser and verifier report', () => {
    const codes = codesInSources();
    assert.ok(codes.size >= 50, `only ${codes.size} codes found in server/src`);
    assert.deepEqual([...codes].filter((c) => explain(c) === undefined), []);
  });

  it('one explanation per code, in our own words rather than the table’s', () => {
    const codes = EXPLANATIONS.map((e) => e.code);
    assert.equal(new Set(codes).size, codes.length);
    const table = referenceCodes();
    for (const e of EXPLANATIONS) {
      assert.ok(e.title && e.meaning.length > 40 && e.fix.length > 10, `${e.code} is too thin`);
      if (table?.has(e.code)) assert.notEqual(e.title.toLowerCase(), table.get(e.code)!.toLowerCase(), `${e.code}: title copied from the table`);
    }
  });

  it('every reference code has a wrong and a right example, except an internal engine error', () => {
    assert.deepEqual(EXPLANATIONS.filter((e) => e.code.startsWith('ILO-') && !e.example).map((e) => e.code), ['ILO-R013']);
  });
});

describe('explanations: examples of static codes do what they say', () => {
  for (const e of EXPLANATIONS.filter((x): x is Explanation & { example: NonNullable<Explanation['example']> } => isStatic(x.code) && !!x.example)) {
    it(`${e.code}: the wrong example gets it, the right one is clean`, () => {
      const wrong = check(e.example.wrong, e.example.files).map((d) => d.code);
      assert.ok(wrong.includes(REPORTED_AS[e.code] ?? e.code), `wrong example gives [${wrong.join(', ')}]`);
      const right = check(e.example.right, e.example.files);
      assert.deepEqual(
        right.filter((d) => d.code === e.code || (d.source === 'ilo' && d.severity === 'error')).map((d) => `${d.code} ${d.message}`),
        [],
      );
    });
  }

  it('codes our parser never reports are reported as the more specific code', () => {
    for (const [code, instead] of Object.entries(REPORTED_AS)) {
      const e = explain(code)!;
      const got = check(e.example!.wrong).map((d) => d.code);
      assert.ok(!got.includes(code) && got.includes(instead), `${code}: ${got.join(', ')}`);
      assert.ok(e.meaning.includes(instead), `${code}'s explanation names ${instead}`);
    }
  });

  it('run-time examples are valid programs the verifier passes, unless it reports the same mistake first', () => {
    for (const e of EXPLANATIONS.filter((x) => x.code.startsWith('ILO-R') && x.example)) {
      const wrong = check(e.example!.wrong).filter((d) => d.source === 'ilo' && d.severity === 'error').map((d) => d.code);
      const expected = CAUGHT_STATICALLY[e.code];
      assert.deepEqual(wrong, expected ? [expected] : [], `${e.code}: wrong example gives [${wrong.join(', ')}]`);
      if (expected) assert.ok(e.meaning.includes(expected), `${e.code}'s explanation names ${expected}`);
      const right = check(e.example!.right).filter((d) => d.source === 'ilo' && d.severity === 'error');
      assert.deepEqual(right.map((d) => d.code), [], `${e.code}: right example`);
    }
  });
});

describe('explanations: lookup and rendering', () => {
  it('accepts a code with or without the ILO- prefix, in any case, with or without leading zeros', () => {
    for (const spelling of ['ILO-T005', 'ilo-t005', 'T005', 't5', ' T005 ']) assert.equal(normalizeCode(spelling), 'ILO-T005', spelling);
    assert.equal(normalizeCode('X005'), undefined);
    assert.equal(normalizeCode('ILO-T'), undefined);
    assert.equal(explain('ILO-T999'), undefined);
    assert.equal(explain('T005')?.code, 'ILO-T005');
  });

  it('markdown and plain text carry the same meaning, examples and fix', () => {
    const e = explain('ILO-T024')!;
    const md = explanationMarkdown(e);
    const text = explanationText(e);
    for (const part of [e.title, e.meaning, e.fix]) {
      assert.ok(md.includes(part) && text.includes(part), part);
    }
    assert.ok(md.includes('```ilo\n' + e.example!.wrong + '\n```'));
    assert.ok(text.includes(`wrong:\n    ${e.example!.wrong}`));
    assert.ok(text.includes(`right:\n    ${e.example!.right}`));
  });
});
