import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  BUILTINS,
  BUILTIN_SPELLINGS,
  acceptsArity,
  canonicalBuiltinName,
  formatSignature,
  isBuiltinAlias,
  isBuiltinName,
  lookupBuiltin,
  signaturesForArity,
} from '../../server/src/syntax/builtins';
import {
  KEYWORDS,
  RESERVED_WORDS,
  closestName,
  isKeyword,
  isReservedWord,
  isTypeVariable,
  isValidIdentifier,
  levenshtein,
  toKebabCase,
} from '../../server/src/syntax/names';

// ---------------------------------------------------------------- a tiny ilo type-syntax checker
// Enough to prove every signature string in the table is well-formed:
//   T := n | t | b | _ | <lowercase letter> | <record name> | L T | O T | R T T | M T T
//      | F T... (the rest of the group) | S name... | ( T )
function tokenize(s: string): string[] {
  return s.match(/[()]|[^\s()]+/g) ?? [];
}
function wellFormedType(text: string): boolean {
  const toks = tokenize(text);
  let i = 0;
  // Parses one type; `group` = we are inside parens or at top level (F may eat the rest).
  function one(): boolean {
    const tok = toks[i++];
    if (tok === undefined) return false;
    if (tok === '(') {
      if (!group()) return false;
      return toks[i++] === ')';
    }
    if (tok === 'L' || tok === 'O') return one();
    if (tok === 'R' || tok === 'M') return one() && one();
    if (tok === 'F') {
      let n = 0;
      while (i < toks.length && toks[i] !== ')') {
        if (!one()) return false;
        n++;
      }
      return n >= 1;
    }
    if (tok === ')') return false;
    return /^([ntb_]|[a-z][a-z0-9-]*)$/.test(tok);
  }
  function group(): boolean {
    if (!one()) return false;
    // A group holds exactly one type unless that type was an F (which consumed the rest).
    return true;
  }
  if (!group()) return false;
  return i === toks.length;
}

describe('type-syntax checker used by these tests', () => {
  it('accepts ilo types and rejects malformed ones', () => {
    for (const ok of ['n', 'L a', 'M t (L a)', 'R (L r) e', 'F a c k', 'F a (R r e)', 'L (L n)', 'O v', 'M _ _']) {
      assert.ok(wellFormedType(ok), ok);
    }
    for (const bad of ['', 'L', 'R n', 'M t', '(L n', 'L n)', 'n t', 'F']) {
      assert.ok(!wellFormedType(bad), bad);
    }
  });
});

// ---------------------------------------------------------------- table invariants

describe('builtin table', () => {
  it('has unique canonical names, and no alias collides with a name or another alias', () => {
    const seen = new Set<string>();
    for (const b of BUILTINS) {
      for (const n of [b.name, ...b.aliases]) {
        assert.ok(!seen.has(n), `duplicate name or alias: ${n}`);
        seen.add(n);
      }
    }
  });

  it('canonical names are valid ilo identifiers', () => {
    for (const b of BUILTINS) assert.ok(isValidIdentifier(b.name), b.name);
  });

  it('arities are ascending and are exactly the parameter counts of the signatures', () => {
    for (const b of BUILTINS) {
      const counts = [...new Set(b.signatures.map((s) => s.params.length))].sort((x, y) => x - y);
      assert.deepEqual(b.arities, counts, b.name);
      for (let k = 1; k < b.arities.length; k++) assert.ok(b.arities[k - 1] < b.arities[k], b.name);
    }
  });

  it('every parameter and return type is well-formed ilo type syntax', () => {
    for (const b of BUILTINS) {
      for (const s of b.signatures) {
        assert.ok(wellFormedType(s.returns), `${b.name} returns ${s.returns}`);
        for (const p of s.params) {
          assert.ok(wellFormedType(p.type), `${b.name} ${p.name}:${p.type}`);
          assert.ok(isValidIdentifier(p.name), `${b.name} param ${p.name}`);
        }
        const names = s.params.map((p) => p.name);
        assert.equal(new Set(names).size, names.length, `${b.name}: repeated param name`);
      }
    }
  });

  it('docs are a single non-empty line', () => {
    for (const b of BUILTINS) {
      assert.ok(b.doc.trim().length > 0, b.name);
      assert.ok(!b.doc.includes('\n'), b.name);
    }
  });

  it('every reserved short name listed by the spec is a builtin', () => {
    const reserved = (
      'at hd tl rd wr ct abs avg cap cat cel chr cos det dot env exp fft fld flr flt fmt frq get grp has inv len ' +
      'log lst lwr map max min mod now num ord pow rdb rdl rev rgx rnd rou sin slc spl srt str sum tan trm unq upr wrl zip'
    ).split(' ');
    for (const n of reserved) assert.equal(lookupBuiltin(n)?.name, n, n);
    // ...and every 1-3 character builtin is on that list (the spec promises the list is complete).
    for (const b of BUILTINS) if (b.name.length <= 3) assert.ok(reserved.includes(b.name), b.name);
  });

  it('covers the longer builtins the spec names as reserved', () => {
    for (const n of ['acos', 'asin', 'atan', 'flat', 'take', 'drop', 'mget', 'mset', 'mmap', 'prnt', 'mapr', 'solve', 'clamp', 'cumsum', 'median', 'matmul', 'range', 'window', 'chunks']) {
      assert.ok(isBuiltinName(n), n);
    }
  });

  it('only fmt is variadic; fmt/fmt2 warn as text builders, mset/mdel as copy-on-write updates', () => {
    assert.deepEqual(BUILTINS.filter((b) => b.variadic).map((b) => b.name), ['fmt']);
    const warns = Object.fromEntries(BUILTINS.filter((b) => b.discardWarning).map((b) => [b.name, b.discardWarning]));
    assert.deepEqual(warns, { fmt: 'fmt', fmt2: 'fmt', mset: 'mutation', mdel: 'mutation' });
  });

  it('marks effects of I/O, network, env, time, randomness, printing and sleeping', () => {
    const effect = (n: string) => lookupBuiltin(n)?.effect;
    assert.equal(effect('rd'), 'read');
    assert.equal(effect('rdl'), 'read');
    assert.equal(effect('rdjl'), 'read');
    assert.equal(effect('wr'), 'write');
    assert.equal(effect('wrl'), 'write');
    assert.equal(effect('get'), 'net');
    assert.equal(effect('post'), 'net');
    assert.equal(effect('get-many'), 'net');
    assert.equal(effect('env'), 'env');
    assert.equal(effect('now'), 'time');
    assert.equal(effect('rnd'), 'random');
    assert.equal(effect('rndn'), 'random');
    assert.equal(effect('prnt'), 'print');
    assert.equal(effect('sleep'), 'sleep');
    assert.equal(effect('len'), 'pure');
    assert.equal(effect('rdb'), 'pure'); // parses text already in memory
  });

  it('records the accepted argument counts the reference enforces', () => {
    const ar = (n: string) => lookupBuiltin(n)?.arities;
    assert.deepEqual(ar('rnd'), [0, 2]);
    assert.deepEqual(ar('min'), [1, 2]);
    assert.deepEqual(ar('srt'), [1, 2, 3]);
    assert.deepEqual(ar('map'), [2, 3]);
    assert.deepEqual(ar('fld'), [3, 4]);
    assert.deepEqual(ar('ct'), [2, 3]);
    assert.deepEqual(ar('padl'), [2, 3]);
    assert.deepEqual(ar('wr'), [2, 3]);
    assert.deepEqual(ar('post'), [2, 3]);
    assert.deepEqual(ar('get'), [1, 2]);
    assert.deepEqual(ar('str'), [1]);
    assert.deepEqual(ar('spl'), [2]);
    assert.deepEqual(ar('mmap'), [0]);
  });
});

// ---------------------------------------------------------------- lookups

describe('builtin lookup', () => {
  it('resolves long-form aliases to the canonical builtin', () => {
    assert.equal(lookupBuiltin('length')?.name, 'len');
    assert.equal(lookupBuiltin('lset')?.name, 'lst');
    assert.equal(lookupBuiltin('regex_all')?.name, 'rgxall');
    assert.equal(lookupBuiltin('random')?.name, 'rnd');
    assert.equal(lookupBuiltin('print')?.name, 'prnt');
    assert.equal(canonicalBuiltinName('writelines'), 'wrl');
    assert.equal(canonicalBuiltinName('len'), 'len');
  });

  it('treats `$` as get, but not as an alias that earns a hint', () => {
    assert.equal(lookupBuiltin('$')?.name, 'get');
    assert.equal(isBuiltinAlias('$'), false);
    assert.equal(isBuiltinAlias('length'), true);
    assert.equal(isBuiltinAlias('len'), false);
  });

  it('lists every spelling once, canonical names and aliases alike', () => {
    const total = BUILTINS.reduce((n, b) => n + 1 + b.aliases.length, 0);
    assert.equal(BUILTIN_SPELLINGS.length, total);
    assert.ok(BUILTIN_SPELLINGS.includes('length'));
    assert.ok(BUILTIN_SPELLINGS.includes('get-many'));
    for (const n of BUILTIN_SPELLINGS) assert.ok(isBuiltinName(n), n);
  });

  it('rejects names that are not builtins', () => {
    for (const n of ['foo', '', 'count', 'push', 'rand', 'pst', 'LEN', 'len ']) {
      assert.equal(isBuiltinName(n), false, n);
      assert.equal(lookupBuiltin(n), undefined, n);
    }
  });

  it('selects signatures by argument count, with fmt taking any count from 1', () => {
    const fmt = lookupBuiltin('fmt')!;
    assert.ok(acceptsArity(fmt, 1));
    assert.ok(acceptsArity(fmt, 5));
    assert.ok(!acceptsArity(fmt, 0));
    assert.equal(signaturesForArity(fmt, 4).length, 1);
    const rnd = lookupBuiltin('rnd')!;
    assert.ok(!acceptsArity(rnd, 1));
    assert.equal(signaturesForArity(rnd, 1).length, 0);
    // len is overloaded on argument type: list, text and map forms share arity 1.
    assert.deepEqual(signaturesForArity(lookupBuiltin('len')!, 1).map((s) => s.params[0].type), ['L a', 't', 'M k v']);
  });

  it('formats a signature in ilo declaration style', () => {
    const len = lookupBuiltin('len')!;
    assert.equal(formatSignature('len', len.signatures[0]), 'len xs:L a>n');
    assert.equal(formatSignature('now', lookupBuiltin('now')!.signatures[0]), 'now>n');
  });
});

// ---------------------------------------------------------------- names

describe('reserved words and keywords', () => {
  it('reserves exactly the seven words from other languages, each with a hint', () => {
    assert.deepEqual(Object.keys(RESERVED_WORDS).sort(), ['const', 'def', 'fn', 'if', 'let', 'return', 'var']);
    for (const w of Object.keys(RESERVED_WORDS)) {
      assert.ok(isReservedWord(w));
      assert.ok(RESERVED_WORDS[w].length > 10);
    }
    assert.match(RESERVED_WORDS.let, /name=expr/);
    assert.ok(!isReservedWord('toString'));
    assert.ok(!isReservedWord('constructor'));
  });

  it('knows ilo keywords', () => {
    for (const k of ['type', 'tool', 'use', 'alias', 'with', 'timeout', 'retry', 'wh', 'ret', 'brk', 'cnt', 'true', 'false', 'nil']) {
      assert.ok(isKeyword(k), k);
    }
    assert.ok(!isKeyword('len'));
    // No keyword doubles as a builtin name.
    for (const k of KEYWORDS) assert.ok(!isBuiltinName(k), k);
  });

  it('recognises type variables', () => {
    assert.ok(isTypeVariable('a'));
    assert.ok(isTypeVariable('k'));
    for (const x of ['n', 't', 'b', 'ab', 'A', '_']) assert.ok(!isTypeVariable(x), x);
  });
});

describe('isValidIdentifier', () => {
  it('accepts lowercase kebab identifiers with digits after the first letter', () => {
    for (const ok of ['run', 'run-d', 'r2', 'get-many', 'a1-b2', 'x']) assert.ok(isValidIdentifier(ok), ok);
  });
  it('rejects capitals, underscores, leading digits or hyphens and doubled or trailing hyphens', () => {
    for (const bad of ['runD', 'RunD', 'run_d', '-run', '2x', 'a--b', 'a-', '', 'a b', 'é']) {
      assert.ok(!isValidIdentifier(bad), bad);
    }
  });
});

describe('toKebabCase', () => {
  const cases: [string, string][] = [
    ['getUserId', 'get-user-id'],
    ['snake_case_name', 'snake-case-name'],
    ['HTTPServer', 'http-server'],
    ['parseJSON', 'parse-json'],
    ['MAX_SIZE', 'max-size'],
    ['already-kebab', 'already-kebab'],
    ['utf8Decode', 'utf8-decode'],
    ['user2Name', 'user2-name'],
    ['__private__', 'private'],
    ['list files', 'list-files'],
    ['read.file', 'read-file'],
    ['runD', 'run-d'],
    ['x', 'x'],
    ['', ''],
  ];
  for (const [input, want] of cases) {
    it(`${JSON.stringify(input)} -> ${JSON.stringify(want)}`, () => assert.equal(toKebabCase(input), want));
  }
  it('produces valid identifiers for letter-led names', () => {
    for (const [input] of cases) {
      const out = toKebabCase(input);
      if (/^[A-Za-z_ ]*[A-Za-z]/.test(input)) assert.ok(isValidIdentifier(out), `${input} -> ${out}`);
    }
  });
});

describe('levenshtein and closestName', () => {
  it('computes edit distance', () => {
    assert.equal(levenshtein('kitten', 'sitting'), 3);
    assert.equal(levenshtein('', 'abc'), 3);
    assert.equal(levenshtein('len', 'len'), 0);
    assert.equal(levenshtein('flt', 'fld'), 1);
  });

  it('suggests the nearest candidate within 3 edits, earliest on ties', () => {
    const names = BUILTINS.map((b) => b.name);
    assert.equal(closestName('lenn', names), 'len');
    assert.equal(closestName('fitler', ['filters', 'filter']), 'filter'); // 3 vs 2 edits
    assert.equal(closestName('abcd', ['wxyz']), undefined); // 4 edits: too far
    assert.equal(closestName('ab', ['xyz']), 'xyz'); // 3 edits: still offered
    assert.equal(closestName('cat', ['bat', 'cab']), 'bat');
    assert.equal(closestName('x', []), undefined);
  });

  it('never suggests the name itself', () => {
    assert.equal(closestName('len', ['len', 'lens']), 'lens');
  });
});

describe('builtins as function values', () => {
  it('gives a well-formed function type to exactly the pure single-shape builtins', () => {
    const withValue = BUILTINS.filter((b) => b.valueType !== undefined);
    assert.equal(withValue.length, 25);
    for (const b of withValue) {
      assert.ok(wellFormedType(b.valueType!), `${b.name}: ${b.valueType}`);
      assert.ok(b.valueType!.startsWith('F '), b.name);
      assert.equal(b.effect, 'pure', b.name);
    }
    assert.equal(lookupBuiltin('str')?.valueType, 'F n t');
    assert.equal(lookupBuiltin('max')?.valueType, 'F n n n');
    // Printing, I/O and higher-order builtins cannot be passed bare (the reference says ILO-T004).
    for (const n of ['prnt', 'rd', 'map', 'hd', 'get']) assert.equal(lookupBuiltin(n)?.valueType, undefined, n);
  });

  it('flags the builtins the reference verifier does not type-check', () => {
    const unchecked = BUILTINS.filter((b) => b.uncheckedByReference).map((b) => b.name).sort();
    assert.deepEqual(unchecked, ['avg', 'env', 'now', 'rgx', 'rgxall', 'rgxall1', 'sum']);
  });
});
