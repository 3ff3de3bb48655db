// Test helper: loads syntaxes/ilo.tmLanguage.json into the same TextMate engine
// VS Code uses (vscode-textmate + the oniguruma WASM regex library) and
// tokenizes ilo source into (text, scopes) pairs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as oniguruma from 'vscode-oniguruma';
import * as vsctm from 'vscode-textmate';

export const ROOT = join(__dirname, '..', '..');
export const GRAMMAR_FILE = join(ROOT, 'syntaxes', 'ilo.tmLanguage.json');

export interface Token {
  text: string;
  scopes: string[];
  /** 0-based line of the source. */
  line: number;
}

let grammarPromise: Promise<vsctm.IGrammar> | undefined;

async function loadGrammar(): Promise<vsctm.IGrammar> {
  const wasm = readFileSync(join(ROOT, 'node_modules', 'vscode-oniguruma', 'release', 'onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns: string[]) => new oniguruma.OnigScanner(patterns),
      createOnigString: (s: string) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scopeName: string) =>
      scopeName === 'source.ilo' ? vsctm.parseRawGrammar(readFileSync(GRAMMAR_FILE, 'utf8'), GRAMMAR_FILE) : null,
  });
  const grammar = await registry.loadGrammar('source.ilo');
  if (grammar === null) throw new Error('source.ilo did not load');
  return grammar;
}

/** The loaded grammar (loaded once per process). */
export function grammar(): Promise<vsctm.IGrammar> {
  grammarPromise ??= loadGrammar();
  return grammarPromise;
}

/** undefined when oniguruma accepts `source`, else its error message. */
export async function compileRegex(source: string): Promise<string | undefined> {
  await grammar();
  try {
    new oniguruma.OnigScanner([source]).dispose();
    return undefined;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/** Tokenize a (possibly multi-line) source the way an editor would, line by line. */
export async function tokenize(source: string): Promise<Token[]> {
  const g = await grammar();
  const out: Token[] = [];
  let state = vsctm.INITIAL;
  source.split('\n').forEach((lineText, line) => {
    const r = g.tokenizeLine(lineText, state);
    for (const t of r.tokens) {
      out.push({ text: lineText.slice(t.startIndex, t.endIndex), scopes: t.scopes, line });
    }
    state = r.ruleStack;
  });
  return out;
}

/** Readable dump for failure messages: `text  [scope scope ...]` per token. */
export function dump(tokens: Token[]): string {
  return tokens.map((t) => `${JSON.stringify(t.text)}  ${t.scopes.slice(1).join(' ')}`).join('\n');
}
