// Entry point of dist/tokenizer.js, the tokenizer bundled on its own
// (scripts/build.mjs). Its ranks table is megabytes of data: kept out of the
// server and CLI bundles, it is loaded only when a count is first needed
// (see tokenCount.ts).
export { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
