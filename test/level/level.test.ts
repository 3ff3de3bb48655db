import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  chooseLevel,
  LEVEL_011,
  LEVEL_26,
  parseLevelPreference,
  pragmaVerdict,
  readPragma,
  resolvePreference,
} from '../../server/src/level';
import { parseIlo } from '../../server/src/syntax/parse';

describe('the version pragma', () => {
  it('is read only at the very start of the file', () => {
    assert.deepEqual(readPragma('^26.5\nf>n;1'), { version: '26.5', major: 26, minor: 5, start: 0, end: 5 });
    assert.equal(readPragma('^26.8.1 -- patch\n')?.patch, 1);
    assert.equal(readPragma('\n  ^26.5\n')?.start, 3, 'the first token of the file, as the reference reads it');
    assert.equal(readPragma('f>n;1\n^26.5\n'), undefined, 'not after code');
    assert.equal(readPragma('-- c\n^26.5\n')?.start, 5, 'comments may come first, as for the reference');
    assert.equal(readPragma('^26\n'), undefined, 'a version has a minor part');
    assert.equal(readPragma('^26.5x\n'), undefined);
  });

  it('maps versions to levels and says what is unusual about them', () => {
    assert.deepEqual(pragmaVerdict({ major: 26, minor: 5 }), { level: '26' });
    assert.deepEqual(pragmaVerdict({ major: 26, minor: 8 }), { level: '26' });
    assert.deepEqual(pragmaVerdict({ major: 26, minor: 9 }), { level: '26', note: 'newer-than-known' });
    assert.deepEqual(pragmaVerdict({ major: 27, minor: 1 }), { level: '26', note: 'newer-than-known' });
    assert.deepEqual(pragmaVerdict({ major: 0, minor: 12 }), { level: '26', note: 'older-line' });
    assert.deepEqual(pragmaVerdict({ major: 0, minor: 13 }), { level: '26', note: 'older-line' });
    assert.deepEqual(pragmaVerdict({ major: 0, minor: 11 }), { level: '0.11', note: 'no-pragma-at-0.11' });
    assert.deepEqual(pragmaVerdict({ major: 26, minor: 2 }), { level: '26', note: 'unknown-release' });
    assert.deepEqual(pragmaVerdict({ major: 3, minor: 1 }), { level: '26', note: 'unknown-release' });
  });

  it('overrides the level a file would otherwise get', () => {
    assert.equal(chooseLevel('^26.5\nf>n;1', LEVEL_011).level, LEVEL_26);
    assert.equal(chooseLevel('f>n;1', LEVEL_011).level, LEVEL_011);
    assert.equal(chooseLevel('f>n;1', LEVEL_26).level, LEVEL_26);
    assert.equal(chooseLevel('^0.11\nf>n;1', LEVEL_26).level, LEVEL_011);
  });

  it('is a parse error at level 0.11, as the 0.11.6 reference reports it', () => {
    const r = parseIlo('^0.11\nf>n;1');
    assert.equal(r.program.level, '0.11');
    assert.equal(r.diagnostics[0]?.code, 'ILO-P001');
    assert.equal(r.diagnostics[0]?.start, 0);
  });

  it('warns about a version newer than this tooling knows', () => {
    const r = parseIlo('^27.1\nf>n;1');
    assert.equal(r.program.level, '26');
    const d = r.diagnostics.find((x) => x.code === 'pragma-newer-than-tooling');
    assert.ok(d, JSON.stringify(r.diagnostics));
    assert.equal(d.severity, 'warning');
    assert.equal(d.source, 'ilo-contracts');
    assert.deepEqual([d.start, d.end], [0, 5]);
  });
});

describe('the level preference (setting, flag)', () => {
  it('accepts 0.11, 26, release names of those lines, and auto', () => {
    assert.equal(parseLevelPreference('0.11'), '0.11');
    assert.equal(parseLevelPreference('0.11.6'), '0.11');
    assert.equal(parseLevelPreference('26'), '26');
    assert.equal(parseLevelPreference('26.8'), '26');
    assert.equal(parseLevelPreference('0.12'), '26');
    assert.equal(parseLevelPreference('auto'), 'auto');
    assert.equal(parseLevelPreference(' AUTO '), 'auto');
    assert.equal(parseLevelPreference('27'), undefined);
    assert.equal(parseLevelPreference('latest'), undefined);
  });

  it('resolves auto to the installed ilo, else the newest level', () => {
    assert.equal(resolvePreference('auto', undefined), LEVEL_26);
    assert.equal(resolvePreference('auto', '0.11.6'), LEVEL_011);
    assert.equal(resolvePreference('auto', '26.5'), LEVEL_26);
    assert.equal(resolvePreference('auto', 'something else'), LEVEL_26);
    assert.equal(resolvePreference('0.11', '26.5'), LEVEL_011);
  });
});

describe('the level objects', () => {
  it('give each level its own builtins and parser arity table', () => {
    assert.equal(LEVEL_011.builtins.lookup('post')?.name, 'post');
    assert.equal(LEVEL_26.builtins.lookup('post'), undefined);
    assert.equal(LEVEL_26.builtins.lookup('pst')?.name, 'pst');
    assert.equal(LEVEL_011.calls.shape('fmod'), undefined);
    assert.equal(LEVEL_26.calls.shape('fmod')?.arity, 2);
    assert.equal(LEVEL_26.calls.isZeroArg('pi'), true);
    assert.equal(LEVEL_011.calls.isZeroArg('pi'), false);
    assert.equal(LEVEL_26.calls.labels('clamp')?.join(' '), 'value lo hi');
  });

  it('list the codes their reference can report', () => {
    assert.ok(LEVEL_26.codes.has('ILO-P103'));
    assert.ok(!LEVEL_011.codes.has('ILO-P103'));
    assert.ok(LEVEL_011.codes.has('ILO-P021'));
  });
});
