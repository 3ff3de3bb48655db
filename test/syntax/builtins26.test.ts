// The level-26 builtin table: what changed since 0.11.6, what is new, and the
// level-26 traits (reserved aliases, effect sigils, World capabilities).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { builtinsOf26, builtinTable26 } from '../../server/src/syntax/builtins26';

const BUILTIN_TABLE_26 = builtinTable26();
const BUILTINS_26 = builtinsOf26();
import { BUILTIN_TABLE_011, acceptsArity, formatSignature } from '../../server/src/syntax/builtins';

const at26 = (name: string) => {
  const b = BUILTIN_TABLE_26.lookup(name);
  assert.ok(b, `${name} is a level-26 builtin`);
  return b;
};

describe('level-26 builtin table', () => {
  it('renames post to pst, ls to lsd, and rebinds $ from get to run', () => {
    assert.equal(BUILTIN_TABLE_26.canonical('pst'), 'pst');
    assert.equal(BUILTIN_TABLE_26.lookup('post'), undefined);
    assert.equal(BUILTIN_TABLE_011.canonical('post'), 'post');
    assert.equal(BUILTIN_TABLE_26.canonical('lsd'), 'lsd');
    assert.equal(BUILTIN_TABLE_26.lookup('ls'), undefined, '`ls` is free for user code again');
    assert.equal(BUILTIN_TABLE_26.canonical('$'), 'run');
    assert.equal(BUILTIN_TABLE_011.canonical('$'), 'get');
    assert.equal(BUILTIN_TABLE_26.isName('$'), false);
  });

  it('knows the new aliases rand and rng, and keeps the long forms', () => {
    assert.equal(BUILTIN_TABLE_26.canonical('rand'), 'rnd');
    assert.equal(BUILTIN_TABLE_26.canonical('random'), 'rnd');
    assert.equal(BUILTIN_TABLE_26.canonical('rng'), 'range');
    assert.equal(BUILTIN_TABLE_26.canonical('length'), 'len');
    assert.equal(BUILTIN_TABLE_011.lookup('rand'), undefined);
    assert.ok(BUILTIN_TABLE_26.isAlias('head'));
    assert.ok(!BUILTIN_TABLE_26.isAlias('hd'));
  });

  it('reserves aliases at level 26 but not at 0.11, and leaves `e` free', () => {
    assert.ok(BUILTIN_TABLE_26.isReserved('head'));
    assert.ok(BUILTIN_TABLE_26.isReserved('rng'));
    assert.ok(!BUILTIN_TABLE_011.isReserved('head'));
    assert.ok(BUILTIN_TABLE_011.isReserved('hd'));
    assert.ok(BUILTIN_TABLE_26.isReserved('sha256'));
    assert.ok(!BUILTIN_TABLE_26.isReserved('e'), 'runnable 26 programs still bind e');
    assert.ok(!BUILTIN_TABLE_26.isReserved('ls'));
    assert.ok(!BUILTIN_TABLE_26.isReserved('post'));
  });

  it('has the new builtins with the argument counts ilo 26 accepts', () => {
    const counts: Record<string, number[]> = {
      put: [2, 3], pat: [2, 3], del: [1, 2], hed: [1, 2], opt: [1, 2], getx: [1, 2], pstx: [2, 3],
      pst: [2, 3], 'get-to': [2], 'pst-to': [3], 'get-stream-h': [2], 'pst-stream-h': [3],
      run: [2], run2: [2], 'env-all': [0], world: [0], 'world-no-net': [0], pi: [0], e: [0], tau: [0],
      band: [2], bnot: [1], brot64: [2], 'hmac-sha256': [2], 'ct-eq': [2], matvec: [2], lstsq: [2],
      'mget-or': [3], 'lget-or': [3], 'par-map': [2, 3], 'default-on-err': [2], linspace: [3], rep: [2],
      glob: [2], walk: [1], 'add-mo': [2], 'tz-offset': [2], jkeys: [2], idxof: [2], where: [3],
    };
    for (const [name, arities] of Object.entries(counts)) assert.deepEqual(at26(name).arities, arities, name);
    assert.ok(acceptsArity(at26('spawn'), 4), 'spawn takes a function and any arguments');
    assert.ok(!acceptsArity(at26('spawn'), 0));
  });

  it('changes signatures: num takes a number too, jpth is typed, str takes anything', () => {
    assert.deepEqual(at26('num').signatures.map((s) => formatSignature('num', s)), ['num x:t>R n t', 'num x:n>R n t']);
    assert.equal(at26('jpth').signatures[0].returns, 'R _ t');
    assert.equal(BUILTIN_TABLE_011.lookup('jpth')?.signatures[0].returns, 'R t t');
    assert.equal(at26('str').signatures[0].params[0].type, '_');
    assert.equal(at26('fmt').template, 'spec');
    assert.equal(BUILTIN_TABLE_011.lookup('fmt')?.template, undefined);
  });

  it('tags effects for W051 and the net capability for T044 as the registry lists them', () => {
    for (const n of ['get', 'pst', 'put', 'pat', 'del', 'hed', 'opt', 'getx', 'pstx', 'get-many', 'get-to', 'pst-to']) {
      assert.equal(at26(n).capability, 'net', n);
      assert.equal(at26(n).effectSigil, 'http', n);
    }
    assert.equal(at26('get-stream').capability, undefined);
    assert.equal(at26('prnt').effectSigil, 'io');
    assert.equal(at26('run').effectSigil, 'net');
    assert.equal(at26('rd').effectSigil, 'fs');
    assert.equal(at26('now').effectSigil, 'time');
    assert.equal(at26('rnd').effectSigil, 'rand');
    assert.equal(at26('len').effectSigil, undefined);
    assert.equal(BUILTIN_TABLE_011.lookup('get')?.effectSigil, undefined);
  });

  it('lets the same builtins be passed as functions as ilo 26 does (prod and fmod too)', () => {
    const values = BUILTINS_26.filter((b) => b.valueType !== undefined).map((b) => b.name).sort();
    assert.ok(values.includes('prod') && values.includes('fmod') && values.includes('len'));
    assert.ok(!values.includes('sha256'), 'most builtins are call-only');
  });

  it('names every builtin once, aliases never colliding with a canonical name', () => {
    const names = BUILTINS_26.map((b) => b.name);
    assert.equal(new Set(names).size, names.length);
    for (const b of BUILTINS_26) for (const a of b.aliases) assert.ok(!names.includes(a), a);
    assert.ok(BUILTINS_26.length >= 215);
  });
});
