// Suppressions: inline `-- ilo-ignore CODE reason` comments and the baseline
// file, applied to a file's findings after every analysis (LSP and CLI alike).
export { applySuppressions, baselineCandidates, suppressible, UNUSED_SUPPRESSION, SUPPRESSION_WITHOUT_REASON } from './apply';
export type { FileBaseline, SuppressedBy, SuppressedFinding, SuppressionOutcome } from './apply';
export { inlineSuppressions, SUPPRESSION_KEYWORD, type InlineSuppression } from './inline';
export { fingerprints, FINGERPRINT_KEY } from './fingerprint';
export { baselineKey, parseBaseline, readBaseline, serializeBaseline, BASELINE_VERSION, type Baseline, type BaselineEntry, type BaselineError } from './baseline';
