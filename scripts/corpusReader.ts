// Reading the conformance corpora that sit next to the repository:
// ../shared/corpus (ilo 0.11.6 programs with the reference's diagnostics and
// formatter output) and ../shared/corpus/ilo26 (upstream ilo 26 programs and
// snippets with expected codes). Each corpus has an `examples/` folder of
// program files and a `snippets.jsonl` of inline programs; the scripts that
// measure us against them (conformance, format-corpus, bench, differential)
// walk them through these functions, so they all see the same files in the
// same order.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from './entry';

/** A corpus folder is there when it holds its snippets file. */
function present(dir: string): string | undefined {
  return fs.existsSync(path.join(dir, 'snippets.jsonl')) ? dir : undefined;
}

/** ../shared/corpus next to the repository (level 0.11), if present. */
export function corpusDir(root = repoRoot()): string | undefined {
  return present(path.join(root, '..', 'shared', 'corpus'));
}

/** ../shared/corpus/ilo26 next to the repository (level 26), if present. */
export function level26CorpusDir(root = repoRoot()): string | undefined {
  return present(path.join(root, '..', 'shared', 'corpus', 'ilo26'));
}

/** The rows of a JSON-lines file, in order; blank lines are skipped. */
export function readJsonl<T>(file: string): T[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}

/** The rows of a corpus's snippets.jsonl (their fields differ between the corpora). */
export function readSnippets<T>(dir: string): T[] {
  return readJsonl<T>(path.join(dir, 'snippets.jsonl'));
}

/** The folder of a corpus's example programs. */
export function examplesDir(dir: string): string {
  return path.join(dir, 'examples');
}

/** Names of a corpus's example programs with one of these endings, sorted. */
export function exampleNames(dir: string, endings: readonly string[] = ['.ilo']): string[] {
  return fs
    .readdirSync(examplesDir(dir))
    .filter((f) => endings.some((e) => f.endsWith(e)))
    .sort();
}

export interface ExampleFile {
  /** File name, e.g. `fizzbuzz.ilo`. */
  name: string;
  /** Absolute path. */
  file: string;
  text: string;
}

/** A corpus's example programs with one of these endings, sorted by name, with their text. */
export function readExamples(dir: string, endings: readonly string[] = ['.ilo']): ExampleFile[] {
  const ex = examplesDir(dir);
  return exampleNames(dir, endings).map((name) => {
    const file = path.join(ex, name);
    return { name, file, text: fs.readFileSync(file, 'utf8') };
  });
}

/** A row of the level-26 corpus's examples/index.jsonl: whether an example ran clean upstream. */
export interface ExampleIndexRow {
  file: string;
  runnable: boolean;
}

/** The level-26 corpus's example index, in its order. */
export function readExampleIndex(dir: string): ExampleIndexRow[] {
  return readJsonl<ExampleIndexRow>(path.join(examplesDir(dir), 'index.jsonl'));
}
