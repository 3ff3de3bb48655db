// Token counts as a model sees them: the `o200k_base` encoding (GPT-4o and
// later) of the gpt-tokenizer package. ilo's measure is tokens, so the
// token-cost code lenses and the `long-description` lint count with it.
//
// The encoding's data is large (about 2.7 MB of bundle, half a second to
// load), so nothing loads it until a count is needed: the lenses wait for it
// asynchronously (`loadTokenCounter`), the lints, which run synchronously
// per keystroke, load it on their first real need (`countTokens`) and skip
// it whenever an upper bound already answers (`tokenUpperBound`).
//
// In the bundles the tokenizer is its own file beside them
// (dist/tokenizer.js, built from ./o200k.ts); from sources (tests, scripts)
// the package is loaded directly.

import * as fs from 'node:fs';
import * as path from 'node:path';

/** The encoding's name, for messages and tooltips. */
export const TOKENIZER_NAME = 'o200k_base';
/** Which tokenizer counted, in words a user can look up. */
export const TOKENIZER_LABEL = 'o200k_base encoding (gpt-tokenizer)';

interface Encoding {
  countTokens(text: string, options?: { disallowedSpecial?: Set<string> }): number;
}

/** Text that looks like a special token (`<|endoftext|>`) is counted as the plain text it is, never refused. */
const PLAIN = { disallowedSpecial: new Set<string>() };

let encoding: Encoding | undefined;
let loadError: Error | undefined;
let pending: Promise<Encoding> | undefined;

/** dist/tokenizer.js when running from the bundles, else undefined. */
function bundledTokenizer(): string | undefined {
  const file = path.join(__dirname, 'tokenizer.js');
  try {
    return fs.statSync(file).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

function checked(mod: unknown): Encoding {
  const m = mod as Partial<Encoding> & { default?: Partial<Encoding> };
  const count = m.countTokens ?? m.default?.countTokens;
  if (typeof count !== 'function') throw new Error('the tokenizer module has no countTokens');
  return { countTokens: (text, options) => count(text, options) };
}

function loadSync(): Encoding {
  if (encoding) return encoding;
  if (loadError) throw loadError;
  try {
    const bundled = bundledTokenizer();
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    encoding = checked(bundled ? require(bundled) : require('gpt-tokenizer/encoding/o200k_base'));
    return encoding;
  } catch (err) {
    loadError = new Error(`cannot load the ${TOKENIZER_NAME} tokenizer: ${err instanceof Error ? err.message : String(err)}`);
    throw loadError;
  }
}

/**
 * Tokens of `text`. Loads the tokenizer synchronously on first use; throws
 * when it cannot be loaded (callers that must not fail catch this).
 */
export function countTokens(text: string): number {
  return loadSync().countTokens(text, PLAIN);
}

/** A counter, once the tokenizer is loaded. */
export interface TokenCounter {
  count(text: string): number;
}

/**
 * The counter, loading the tokenizer in the background the first time (a
 * dynamic import of the bundled module). Rejects when it cannot be loaded.
 */
export function loadTokenCounter(): Promise<TokenCounter> {
  if (encoding) return Promise.resolve(counterOf(encoding));
  if (loadError) return Promise.reject(loadError);
  pending ??= (async (): Promise<Encoding> => {
    const bundled = bundledTokenizer();
    try {
      // The bundle beside ours is CommonJS, and the build turns import() into
      // require() (scripts/build.mjs): load it by path, not by file URL.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const mod: unknown = bundled ? require(bundled) : await import('gpt-tokenizer/encoding/o200k_base');
      encoding ??= checked(mod);
      return encoding;
    } catch (err) {
      loadError ??= new Error(`cannot load the ${TOKENIZER_NAME} tokenizer: ${err instanceof Error ? err.message : String(err)}`);
      throw loadError;
    }
  })();
  return pending.then(counterOf);
}

function counterOf(e: Encoding): TokenCounter {
  return { count: (text) => e.countTokens(text, PLAIN) };
}

/** Whether the tokenizer has been loaded in this process (tests and start-up checks read it). */
export function tokenizerLoaded(): boolean {
  return encoding !== undefined;
}

/**
 * An upper bound on the tokens of `text` that needs no tokenizer: every
 * token of a byte-level BPE covers at least one UTF-8 byte.
 */
export function tokenUpperBound(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}
