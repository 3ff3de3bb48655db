// The two language levels. Facts about each version come from its reference:
// level 0.11 from the ilo 0.11.6 binary and its error-code list, level 26 from
// the 26.x spec, diagnostic registry and runnable examples
// (../../../docs/language-levels.md says which switch comes from where).

import { BUILTIN_TABLE_011 } from '../syntax/builtins';
import { builtinTable26 } from '../syntax/builtins26';
import { CALL_LABELS_26, CALL_SHAPES_011, CALL_SHAPES_26, CallTable } from '../syntax/callArity';
import type { LanguageLevel, LevelId } from './level';

const RESERVED_WORDS = Object.freeze(['if', 'return', 'let', 'fn', 'def', 'var', 'const']);

/** Every code the 0.11.6 reference reports (its `ilo --explain` list). */
const CODES_011: readonly string[] = [
  ...range('L', 1, 3),
  ...range('P', 1, 18),
  'ILO-P020',
  'ILO-P021',
  ...range('T', 1, 29),
  'ILO-T032',
  'ILO-T033',
  'ILO-T034',
  'ILO-W001',
  ...range('R', 1, 13),
  'ILO-R026',
];

/**
 * Every code of the 26.x registry, and the ones its verifier emits that the
 * registry does not list (T038–T042, T050, W020, W051).
 */
const CODES_26: readonly string[] = [
  ...range('L', 1, 3),
  ...range('P', 1, 24),
  'ILO-P101',
  'ILO-P102',
  'ILO-P103',
  ...range('T', 1, 36),
  ...range('T', 38, 48),
  'ILO-T050',
  'ILO-W001',
  'ILO-W002',
  'ILO-W003',
  'ILO-W020',
  'ILO-W030',
  'ILO-W051',
  ...range('R', 1, 17),
  'ILO-R026',
  'ILO-R099',
  'ILO-E801',
  'ILO-E802',
];

function range(letter: string, from: number, to: number): string[] {
  const out: string[] = [];
  for (let i = from; i <= to; i++) out.push(`ILO-${letter}${String(i).padStart(3, '0')}`);
  return out;
}

export const LEVEL_011: LanguageLevel = Object.freeze({
  id: '0.11',
  title: 'ilo 0.11.6',
  newest: '0.11.6',
  lexical: Object.freeze({
    tripleQuotedText: false,
    hexEscapes: false,
    braceEscapes: false,
    interpolation: false,
    worldType: false,
    crlfLineEnds: false,
  }),
  syntax: Object.freeze({
    strictGrammar: true,
    versionPragma: false,
    parenCalls: false,
    labelledArgs: false,
    braceLambdas: false,
    anonRecords: false,
    discardBind: false,
    sumTypeDecls: false,
    genericParams: false,
    effectSigils: Object.freeze([]) as readonly string[],
    errorSets: false,
    contracts: false,
    testBlocks: false,
    toolPolicies: false,
    moduleForms: false,
    keywordTernary: false,
    lambdaGuardError: false,
    nestedFnError: false,
    topLevelBindError: false,
    listCallError: false,
    nestingCode: 'ILO-P003',
    dollarOperands: 1,
    infixChainError: false,
    mmapParens: false,
    zeroParamLambdaNeedsSemicolon: false,
    usedFileArities: false,
    ternaryBranchCalls: false,
    minusOperandCalls: false,
    variantPatterns: false,
  }),
  format: Object.freeze({ zeroArgCallParens: false, textAsWritten: false }),
  builtins: BUILTIN_TABLE_011,
  calls: new CallTable(BUILTIN_TABLE_011, { shapes: CALL_SHAPES_011, variadicTrailing: ['fmt'] }),
  reservedWords: RESERVED_WORDS,
  codes: new Set(CODES_011),
});

let calls26: CallTable | undefined;

export const LEVEL_26: LanguageLevel = Object.freeze({
  id: '26',
  title: 'ilo 26.x',
  newest: '26.8',
  lexical: Object.freeze({
    tripleQuotedText: true,
    hexEscapes: true,
    braceEscapes: true,
    interpolation: true,
    worldType: true,
    crlfLineEnds: true,
  }),
  syntax: Object.freeze({
    strictGrammar: false,
    versionPragma: true,
    parenCalls: true,
    labelledArgs: true,
    braceLambdas: true,
    anonRecords: true,
    discardBind: true,
    sumTypeDecls: true,
    genericParams: true,
    effectSigils: Object.freeze(['http', 'fs', 'io', 'net', 'ml', 'time', 'rand']),
    errorSets: true,
    contracts: true,
    testBlocks: true,
    toolPolicies: true,
    moduleForms: true,
    keywordTernary: true,
    lambdaGuardError: true,
    nestedFnError: true,
    topLevelBindError: true,
    listCallError: true,
    nestingCode: 'ILO-P103',
    dollarOperands: 2,
    infixChainError: true,
    mmapParens: true,
    zeroParamLambdaNeedsSemicolon: true,
    usedFileArities: true,
    ternaryBranchCalls: true,
    minusOperandCalls: true,
    variantPatterns: true,
  }),
  format: Object.freeze({ zeroArgCallParens: true, textAsWritten: true }),
  // The tables are built on first use: a run that stays at 0.11 never pays for them.
  get builtins() {
    return builtinTable26();
  },
  get calls() {
    calls26 ??= new CallTable(builtinTable26(), {
      shapes: CALL_SHAPES_26,
      variadicTrailing: ['fmt'],
      labels: CALL_LABELS_26,
    });
    return calls26;
  },
  reservedWords: RESERVED_WORDS,
  codes: new Set(CODES_26),
});

/** Every level, oldest first. */
export const LEVELS: readonly LanguageLevel[] = Object.freeze([LEVEL_011, LEVEL_26]);

export function levelById(id: LevelId): LanguageLevel {
  return id === '26' ? LEVEL_26 : LEVEL_011;
}
