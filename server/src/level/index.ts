// Language levels: the one object that says what a file's ilo version
// allows (./level.ts), the two levels (./levels.ts), the pragma (./pragma.ts)
// and the rule that picks a file's level (./choose.ts).

export type { FormatFeatures, LanguageLevel, LevelId, LexicalFeatures, SyntaxFeatures } from './level';
export { LEVEL_011, LEVEL_26, LEVELS, levelById } from './levels';
export { NEWEST_KNOWN_RELEASE, pragmaVerdict, readPragma, type Pragma, type PragmaVerdict } from './pragma';
export {
  chooseLevel,
  NEWEST_LEVEL,
  parseLevelPreference,
  resolvePreference,
  type FileLevel,
  type LevelPreference,
} from './choose';
