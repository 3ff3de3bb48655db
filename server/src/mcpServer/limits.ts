// The bounds of what `ilo-ls mcp` accepts and returns. Every input a client
// sends is bounded here, before any analysis runs; answers are capped so one
// call never floods a model's context.

/** Longest source text (characters) a tool analyses; ilo programs are far smaller. */
export const MAX_TEXT_CHARS = 262_144;
/** A file larger than this many bytes is refused before it is read (UTF-8 takes at most 4 bytes a character). */
export const MAX_FILE_BYTES = MAX_TEXT_CHARS * 4;
export const MAX_PATH_CHARS = 4_096;
export const MAX_QUERY_CHARS = 200;
export const MAX_CODE_CHARS = 64;
export const MAX_NAME_CHARS = 256;
/** Files `use` may pull in during one call, and their total size. */
export const MAX_IMPORT_FILES = 200;
export const MAX_IMPORT_BYTES = 4 * 1_048_576;
/**
 * Tools (declared in the source and in what it uses) one call analyses. The
 * contract analyses compare every pair of tools, so their time grows with the
 * square of this: 200 tools take a few seconds, 1,000 half a minute.
 */
export const MAX_TOOLS = 200;
/** Analyses `fix` runs at most (each tries one round of fixes), and for how long. */
export const MAX_FIX_ROUNDS = 40;
export const FIX_BUDGET_MS = 3_000;
/** Diagnostics listed in one answer (the rest are counted). */
export const MAX_DIAGNOSTICS = 50;
export const MAX_DIAGNOSTICS_VERBOSE = 500;
/** Builtins one search returns, by default and at most. */
export const DEFAULT_BUILTIN_RESULTS = 5;
export const MAX_BUILTIN_RESULTS = 20;
/** Longest JSON-RPC message read over stdio (a maximal text, escaped, fits several times). */
export const MAX_MESSAGE_BYTES = 4 * 1_048_576;
/** How long the server waits for the client's roots/list answer. */
export const ROOTS_TIMEOUT_MS = 10_000;
