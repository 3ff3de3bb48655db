// What the editor shows besides diagnostics and hovers: semantic tokens,
// inlay hints, token-cost code lenses, code explanations on diagnostics and
// `use` links. Pure functions over an analysis, plus the small state the
// language service keeps for them (the last semantic tokens sent, the
// settings).

export { classifyNames, type ClassifiedName } from './classify';
export { tokenCostLenses } from './codeLenses';
export { useLinks } from './documentLinks';
export { withExplanations } from './explanations';
export { withSuppressions } from './suppressionHover';
export { DEFAULT_INLAY_HINT_OPTIONS, inlayHints, type InlayHintOptions } from './inlayHints';
export { encodeTokens, fileTokens, rangeTokens, SEMANTIC_TOKENS_LEGEND, SemanticTokensCache, tokenEdits, tokenKind } from './semanticTokens';
export {
  SEMANTIC_TOKEN_MODIFIERS,
  SEMANTIC_TOKEN_TYPES,
  semanticTokenScopes,
  TOKEN_CLASSES,
  tmScope,
  type SemanticTokenModifier,
  type SemanticTokenType,
  type TokenClass,
  type TokenClassInfo,
} from './tokenClasses';

/** The display settings (`ilo.inlayHints.*`, `ilo.export.includeBehavior`). */
export interface DisplaySettings {
  parameterNameHints?: boolean;
  bindingTypeHints?: boolean;
  /** Whether tool costs count the behavior metadata that exports include by default. */
  includeBehavior?: boolean;
}
