// The values of `ilo-ls check --format` and `--fail-severity`, on their own so
// that listing the commands does not load the checker.

export const CHECK_FORMATS = ['text', 'json', 'sarif', 'github'] as const;
export type CheckFormat = (typeof CHECK_FORMATS)[number];
export const FAIL_SEVERITIES = ['error', 'warning', 'info'] as const;
export type FailSeverity = (typeof FAIL_SEVERITIES)[number];
