// Words anywhere in a tool's text that say it can change the world, whatever
// its main verb: `get_shell` hands out a shell, `fetch_url` that "supports
// POST, PUT and DELETE" writes, `read_config` that can "reset to factory
// defaults" erases. Inference takes its action from the first verb of the
// name, title or description; these cues are read over all of that text (and
// the parameters' names and descriptions), so a read-sounding name does not
// hide a write mentioned later.
//
// Negated mentions do not count ("does not modify", "without deleting",
// "never writes"), nor participles that describe data rather than an act
// ("deleted items", "modified time", "updated_at"). Linear in the text.

/** A cue and the words that matched it. */
export interface EffectCue {
  label: string;
  text: string;
}

const CUES: readonly { re: RegExp; label: string; execution?: boolean }[] = [
  // Running arbitrary things.
  { re: /\b(?:shells?|bash|zsh|powershell|cmd\.exe|terminal|command[\s_-]?line|subprocess(?:es)?|sudo|syscalls?|system\s+calls?)\b/i, label: 'a shell or command execution' },
  { re: /\b(?:exec(?:ute|utes|uting)?|eval(?:uate|uates)?|run(?:s|ning)?)\s+(?:\w+\s+){0,2}?(?:commands?|scripts?|code|programs?|binar(?:y|ies)|processes|statements?|sql|queries|anything)\b/i, label: 'running commands or code', execution: true },
  // HTTP methods that write, written as methods.
  { re: /\b(?:POST|PUT|PATCH|DELETE)\b/, label: 'an HTTP method that writes' },
  { re: /\b(?:any|arbitrary|all)\s+(?:http\s+)?(?:methods?|verbs?|requests?)\b|\b(?:request|http)\s+methods?\b/i, label: 'arbitrary HTTP methods' },
  // Destructive or administrative acts.
  { re: /\bfactory[\s_-]?(?:defaults?|settings|reset|state)\b/i, label: 'a factory reset' },
  { re: /\b(?:reset|wipe|erase|purge|destroy|nuke|truncate|reboot|restart|shut\s?down|power\s+(?:off|cycle)|uninstall|deploy|kill|terminate|overwrite|delete|modify|mutate|withdraw|purchase|refund)(?:s|es)?\b/i, label: 'an act that changes something' },
  { re: /\b(?:format|reformat|partition)s?\s+(?:the\s+|a\s+)?(?:disk|drive|volume|partition|file\s?system|device|card)\b/i, label: 'formatting a disk' },
  { re: /\bdrops?\s+(?:the\s+|a\s+)?(?:tables?|databases?|collections?|index(?:es)?|schemas?)\b/i, label: 'dropping data' },
  { re: /\b(?:transfer|send|pay|charge)s?\s+(?:\w+\s+){0,2}?(?:funds|money|payments?|emails?|messages?|sms|texts?|invoices?|crypto|tokens|ownership)\b/i, label: 'sending or paying' },
  { re: /\bwrites?\s+(?:to|into|over)\b/i, label: 'writing' },
];

/** Words that negate the word right after them (within three words). */
const NEGATION = /\b(?:not|no|never|without|cannot|can't|won't|doesn't|don't|isn't|aren't|nor|neither|read-?only|non-?destructive)\b[\s\w'-]{0,30}$/i;
/** Plain nouns that happen to be spelled like one of the verbs above when followed by these. */
const NOUN_USE = /^\s*(?:s?\s*(?:id|ids|count|time|date|status|history|log|logs|list|name|type|field|flag|options?|mode|policy|settings?|permissions?|at|by|on)\b)/i;

/**
 * The first cue in a text that it can change the world, or undefined. `texts`
 * are read in order (name words first); a cue preceded by a negation, or used
 * as a noun (`delete_count`, `update time`), does not count. With
 * `readOnlyExecution` (the description says what is run is read-only),
 * running statements or queries is not a cue by itself.
 */
export function findEffectCue(texts: readonly string[], options: { readOnlyExecution?: boolean } = {}): EffectCue | undefined {
  for (const raw of texts) {
    // Names: `get_shell`, `runCommand` read as words.
    const text = raw.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_]+/g, ' ');
    for (const { re, label, execution } of CUES) {
      // "Execute a read-only SQL query": running something the text says is read-only.
      if (execution && options.readOnlyExecution) continue;
      const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
      let m: RegExpExecArray | null;
      let tries = 0;
      while ((m = g.exec(text)) && tries++ < 64) {
        const before = text.slice(Math.max(0, m.index - 40), m.index);
        const after = text.slice(m.index + m[0].length, m.index + m[0].length + 20);
        if (NEGATION.test(before)) continue;
        // Participles and nouns describe data: "deleted items", "modified time".
        if (/ed$/i.test(m[0]) || NOUN_USE.test(after)) continue;
        return { label, text: m[0] };
      }
    }
  }
  return undefined;
}
