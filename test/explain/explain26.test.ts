// Explanations at level 26: one for every code of the ilo 26.x registry and
// for the codes its verifier reports beyond it, in our own words; the
// level-26 meaning where a code changed; examples that do what they say with
// our level-26 checker.

import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { EXPLANATIONS_26, explain, explainAtEveryLevel, explanationText } from '../../server/src/explain';
import * as os from 'node:os';
import { Analyzer } from '../../server/src/service/analysis';
import { OverlayFileHost } from '../../server/src/service/documents';
import { LEVEL_011, LEVEL_26 } from '../../server/src/level';

const ROOT = path.join(__dirname, '..', '..');
const REGISTRY = path.join(ROOT, '..', 'shared', 'reference', 'ilo26', 'registry-c48d84be.rs');

/** Codes of the 26.x registry with their short texts; undefined without ../shared. */
function registryCodes(): Map<string, string> | undefined {
  if (!fs.existsSync(REGISTRY)) return undefined;
  const text = fs.readFileSync(REGISTRY, 'utf8');
  const out = new Map<string, string>();
  for (const m of text.matchAll(/code: "(ILO-[A-Z]\d+)",\s*phase: Phase::\w+,\s*short: "((?:[^"\\]|\\.)*)"/g)) out.set(m[1], m[2]);
  return out;
}

/** Reported by the 26.x verifier though the registry has no entry for them (its README lists them). */
const BEYOND_REGISTRY = ['ILO-T038', 'ILO-T039', 'ILO-T040', 'ILO-T041', 'ILO-T042', 'ILO-T050', 'ILO-W020', 'ILO-W051'];

/** The files the programs are saved to (the editor's host with nothing open). */
const host = new OverlayFileHost();

/** Level-26 diagnostics (errors and warnings) of a program saved as main.ilo beside the files it needs. */
function check26(src: string, files: Readonly<Record<string, string>> = {}, strict = false): Array<{ code: string; severity: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-explain26-'));
  try {
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
    const file = path.join(dir, 'main.ilo');
    fs.writeFileSync(file, src);
    return new Analyzer(host, { level: LEVEL_26, strict }).analyze(file, src).diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Codes we report as another code, by design (see the explanation, which says so). */
const REPORTED_AS: Readonly<Record<string, string>> = { 'ILO-T045': 'ILO-T044' };
/** Codes `ilo check` itself does not report (an engine limit met when compiling), or only under --strict. */
const NOT_BY_CHECK = new Set(['ILO-E801']);
const STRICT_ONLY = new Set(['ILO-W020']);

describe('explanations at level 26: complete', () => {
  it('explains every code of the 26.x registry and those its verifier reports beyond it', () => {
    const reg = registryCodes();
    const codes = [...(reg?.keys() ?? []), ...BEYOND_REGISTRY];
    assert.deepEqual(codes.filter((c) => explain(c, '26') === undefined), []);
    if (reg) assert.ok(reg.size >= 90, `only ${reg.size} codes read from the registry`);
  });

  it('explains every code the level objects say their reference can report, at that level', () => {
    assert.deepEqual([...LEVEL_26.codes].filter((c) => explain(c, '26') === undefined), []);
    assert.deepEqual([...LEVEL_011.codes].filter((c) => explain(c, '0.11') === undefined), []);
  });

  it('says it in our own words: no title is the registry’s short text', () => {
    const reg = registryCodes();
    for (const e of EXPLANATIONS_26) {
      assert.ok(e.title && e.meaning.length > 40 && e.fix.length > 10, `${e.code} is too thin`);
      const short = reg?.get(e.code);
      if (short !== undefined) assert.notEqual(e.title.toLowerCase(), short.toLowerCase(), e.code);
    }
    assert.equal(new Set(EXPLANATIONS_26.map((e) => e.code)).size, EXPLANATIONS_26.length);
  });

  it('gives the level-26 meaning where the code changed, and both without a level', () => {
    assert.match(explain('P017', '26')!.meaning, /only about imports/);
    assert.doesNotMatch(explain('P017', '26')!.meaning, /^The file named/);
    assert.match(explain('P011', '26')!.meaning, /alias/);
    const both = explainAtEveryLevel('ILO-P011');
    assert.deepEqual(both.map((b) => b.level), ['0.11', '26']);
    assert.deepEqual(explainAtEveryLevel('T043').map((b) => b.level), ['26']);
    assert.equal(explain('ILO-T043', '0.11'), undefined);
    assert.equal(explain('E801')?.code, 'ILO-E801');
  });

  it('explains the run-time-only codes of level 26 (R014–R017, R099)', () => {
    for (const c of ['ILO-R014', 'ILO-R015', 'ILO-R016', 'ILO-R017', 'ILO-R099']) {
      const e = explain(c, '26');
      assert.ok(e, c);
      assert.ok(explanationText(e).includes(e.fix));
    }
  });

  it('has wrong and right examples, except for engine and internal failures no short program shows', () => {
    // T039: ilo 26 calls a bare zero-parameter function, so no program shows the 0.12.1 code any more.
    assert.deepEqual(EXPLANATIONS_26.filter((e) => !e.example).map((e) => e.code).sort(), ['ILO-E802', 'ILO-R015', 'ILO-R099', 'ILO-T036', 'ILO-T039']);
  });
});

describe('explanations at level 26: examples do what they say', () => {
  const staticCodes = EXPLANATIONS_26.filter((e) => e.example !== undefined && /^ILO-[LPTWE]/.test(e.code) && !NOT_BY_CHECK.has(e.code));
  it('covers the codes of the level-26 parser and verifier', () => {
    assert.ok(staticCodes.length >= 25, `${staticCodes.length}`);
  });
  for (const e of staticCodes) {
    it(`${e.code}: the wrong example gets it, the right one neither it nor any error`, () => {
      const strict = STRICT_ONLY.has(e.code);
      const want = REPORTED_AS[e.code] ?? e.code;
      const wrong = check26(e.example!.wrong, e.example!.files, strict).map((d) => d.code);
      assert.ok(wrong.includes(want), `wrong example gives [${wrong.join(', ')}]`);
      const right = check26(e.example!.right, e.example!.files, strict).filter((d) => d.code === want || d.severity === 'error');
      assert.deepEqual(right.map((d) => d.code), []);
    });
  }
});
