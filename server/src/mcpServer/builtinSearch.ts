// Searching the builtin table by name or by words: agents invent builtins
// (`split`, `sort_by`, `strlen`), so "split text" must find `spl` and
// "sort by key" the key form of `srt`. Ranking, best first:
//   the query is a builtin's name or long-form alias     (exact)
//   each query word that is a name (or, a little less, an alias) (strong)
//   each query word a name starts with                    (weak)
//   each query word in the one-line doc, weighted by how rare the word is
//     among all docs (idf), after a light stemming and a small synonym list
//     that maps common words from other languages to ilo's own.

import { BUILTINS, formatSignature, type Builtin } from '../syntax/builtins';

/** Words of other languages and of everyday speech, and the words the builtin docs use. */
const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  string: ['text'],
  str: ['text'],
  strings: ['text'],
  substring: ['contain', 'slice'],
  size: ['length', 'len'],
  count: ['length', 'count'],
  array: ['list'],
  vector: ['list'],
  dict: ['map'],
  dictionary: ['map'],
  hash: ['map'],
  object: ['map', 'record'],
  order: ['sort'],
  sorted: ['sort'],
  ascend: ['sort'],
  descend: ['descending', 'sort'],
  reduce: ['fold'],
  accumulate: ['fold'],
  select: ['filter', 'keep'],
  where: ['filter', 'keep'],
  keep: ['keep', 'filter'],
  dedupe: ['duplicate', 'unique'],
  dedup: ['duplicate', 'unique'],
  distinct: ['duplicate', 'unique'],
  unique: ['unique', 'duplicate'],
  print: ['print'],
  log: ['print', 'logarithm'],
  echo: ['print'],
  output: ['print'],
  fetch: ['http', 'get'],
  request: ['http'],
  download: ['http', 'get'],
  url: ['http'],
  load: ['read'],
  open: ['read'],
  save: ['write'],
  store: ['write'],
  timestamp: ['time'],
  date: ['time'],
  remainder: ['remainder'],
  modulo: ['remainder'],
  exponent: ['power'],
  first: ['first'],
  head: ['first'],
  rest: ['after', 'first'],
  index: ['index'],
  union: ['either', 'union'],
  intersection: ['both'],
  intersect: ['both'],
  difference: ['not'],
  frequency: ['often', 'count'],
  histogram: ['often', 'count'],
  tally: ['often', 'count'],
  batch: ['group', 'chunk'],
  chunk: ['group'],
  regex: ['regex'],
  regexp: ['regex'],
  pattern: ['regex'],
  match: ['regex', 'match'],
  replace: ['replace'],
  substitute: ['replace'],
  concat: ['join'],
  concatenate: ['join'],
  combine: ['join', 'combine'],
  glue: ['join'],
  lowercase: ['lowercase'],
  uppercase: ['uppercase'],
  capitalize: ['uppercase', 'first'],
  strip: ['strip', 'whitespace'],
  env: ['environment'],
  getenv: ['environment'],
  parse: ['parse'],
  serialize: ['serialise', 'json'],
  stringify: ['serialise', 'json', 'text'],
  tostring: ['text'],
  integer: ['number'],
  int: ['number'],
  float: ['number'],
  mean: ['mean'],
  average: ['mean'],
  keys: ['key'],
  directory: ['directory', 'entries'],
  directories: ['directory', 'entries'],
  folder: ['directory', 'entries'],
  dir: ['directory', 'entries'],
  strlen: ['length'],
  occurrence: ['often', 'occur'],
  occurrences: ['often', 'occur'],
  values: ['value'],
  delete: ['without'],
  remove: ['without', 'drop'],
  lines: ['line'],
  flatten: ['flatten', 'nest'],
  enumerate: ['index', 'pair'],
  pairs: ['pair'],
  transform: ['apply'],
  each: ['every', 'apply'],
  wait: ['pause'],
  pause: ['pause'],
};

/** Words naming a type, and the first letter of that type in ilo's syntax. */
const TYPE_WORDS: Readonly<Record<string, string>> = {
  text: 't',
  texts: 't',
  string: 't',
  strings: 't',
  number: 'n',
  numbers: 'n',
  integer: 'n',
  int: 'n',
  float: 'n',
  list: 'L',
  lists: 'L',
  array: 'L',
  arrays: 'L',
  dictionary: 'M',
  dict: 'M',
  hash: 'M',
  bool: 'b',
  boolean: 'b',
};

const STOPWORDS: ReadonlySet<string> = new Set([
  'a', 'an', 'the', 'of', 'by', 'to', 'in', 'on', 'and', 'or', 'with', 'for', 'into', 'from', 'its', 'it', 'is', 'as', 'at', 'be', 'that', 'this', 'how', 'do', 'i', 'my', 'some', 'function', 'builtin', 'ilo',
]);

/** A light stemmer: plural and verb endings, so "sorts", "sorting", "sorted" meet "sort". */
export function stem(word: string): string {
  let w = word;
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  else if (w.length > 4 && /(?:ches|shes|xes|sses)$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  return w;
}

function words(text: string): string[] {
  return text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w !== '');
}

/** First letter and the consonants after it: `split` → `splt`, `sort` → `srt`, `print` → `prnt`. */
function skeleton(word: string): string {
  return word[0] + word.slice(1).replace(/[aeiouy]/g, '');
}

/** Does the builtin name shorten `w` (or `w` then `next`, as `jpar` does json parse) the way ilo's names do? */
function abbreviates(name: string, w: string, next: string | undefined): boolean {
  if (name.length < 3 || !/^[a-z]+$/.test(name) || name === w) return false;
  if (w.startsWith(name) || skeleton(w).startsWith(name)) return true;
  if (next === undefined || name[0] !== w[0]) return false;
  const rest = name.slice(1);
  return rest.length >= 2 && (next.startsWith(rest) || skeleton(next).startsWith(rest));
}

interface Entry {
  builtin: Builtin;
  names: ReadonlySet<string>;
  docWords: ReadonlySet<string>;
  /** First letters of every parameter type (`t`, `n`, `L`, `M`, `b`, ...). */
  paramTypes: ReadonlySet<string>;
}

interface Index {
  entries: readonly Entry[];
  /** How rare each doc word is: log(N / documents with it). */
  idf: ReadonlyMap<string, number>;
}

/** The search index of each table (a level's builtins), built on its first search. */
const indexes = new WeakMap<readonly Builtin[], Index>();

function indexOf(table: readonly Builtin[]): Index {
  let index = indexes.get(table);
  if (index) return index;
  const entries = table.map((b) => ({
    builtin: b,
    names: new Set([b.name, ...b.aliases]),
    docWords: new Set([...words(b.doc).map(stem), ...b.aliases.flatMap((a) => words(a).map(stem))]),
    paramTypes: new Set(b.signatures.flatMap((s) => s.params.map((p) => p.type[0]))),
  }));
  const df = new Map<string, number>();
  for (const e of entries) for (const w of e.docWords) df.set(w, (df.get(w) ?? 0) + 1);
  index = { entries, idf: new Map([...df].map(([w, n]) => [w, Math.log((entries.length + 1) / n)])) };
  indexes.set(table, index);
  return index;
}

/** Hits scoring under this share of the best one are dropped. */
const RELATIVE_CUTOFF = 0.4;

export interface BuiltinHit {
  builtin: Builtin;
  score: number;
}

/** Builtins matching `query`, best first (at most `limit`); none when nothing matches. */
export function searchBuiltins(query: string, limit: number, table: readonly Builtin[] = BUILTINS): BuiltinHit[] {
  const q = query.trim().toLowerCase();
  const raw = words(q).filter((w) => !STOPWORDS.has(w));
  // The words as typed (names, aliases) and their stems plus synonyms (doc words), each counted once.
  const expanded = new Map<string, number>();
  for (const w of raw) {
    // A type word among others is matched against parameter types, not docs.
    if (raw.length > 1 && TYPE_WORDS[w] !== undefined) continue;
    for (const s of [stem(w), ...(SYNONYMS[w] ?? SYNONYMS[stem(w)] ?? []).map(stem)]) expanded.set(s, Math.max(expanded.get(s) ?? 0, s === stem(w) ? 1 : 0.8));
  }
  const { entries, idf } = indexOf(table);
  const hits: BuiltinHit[] = [];
  for (const e of entries) {
    let score = 0;
    if (e.names.has(q) || e.names.has(q.replace(/\s+/g, '_'))) score += 100;
    const name = e.builtin.name;
    raw.forEach((w, i) => {
      const typeWord = raw.length > 1 ? TYPE_WORDS[w] : undefined;
      if (typeWord !== undefined) {
        if (e.paramTypes.has(typeWord)) score += 2;
        return;
      }
      const next = raw[i + 1];
      const prev = raw[i - 1];
      if (name === w) score += 14;
      else if (e.names.has(w)) score += 10;
      else if (abbreviates(name, w, next) || (prev !== undefined && abbreviates(name, w, prev))) score += 5;
      else if (w.length >= 3 && (name.startsWith(w) || name.includes(stem(w)))) score += 3;
    });
    for (const [w, weight] of expanded) if (e.docWords.has(w)) score += 2 * weight * (idf.get(w) ?? 0);
    if (score > 0) hits.push({ builtin: e.builtin, score });
  }
  // Ties: the more specific (shorter) doc first.
  hits.sort((a, b) => b.score - a.score || a.builtin.doc.length - b.builtin.doc.length || a.builtin.name.localeCompare(b.builtin.name));
  // Far weaker matches (a common word such as "text" alone) are noise beside a good one.
  const best = hits[0]?.score ?? 0;
  return hits.filter((h) => h.score >= best * RELATIVE_CUTOFF).slice(0, limit);
}

/** A hit as the tool returns it. */
export function describeBuiltin(b: Builtin): { name: string; sigs: string[]; doc: string; aliases?: string[]; effect?: string } {
  const out: { name: string; sigs: string[]; doc: string; aliases?: string[]; effect?: string } = {
    name: b.name,
    sigs: b.signatures.map((s) => {
      const sig = formatSignature(b.name, s);
      // `fmt tmpl:t ...>t`: more arguments may follow.
      return b.variadic ? sig.replace('>', ' ...>') : sig;
    }),
    doc: b.doc,
  };
  if (b.aliases.length > 0) out.aliases = [...b.aliases];
  if (b.effect !== 'pure') out.effect = b.effect;
  return out;
}
